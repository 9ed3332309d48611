import { sql } from 'kysely';

/**
 * Beijing days in SQL: Asia/Shanghai has no daylight saving, so a day is epoch ms + 8 h divided
 * by 24 h (integer division on both databases). For reports that group by day.
 */
export const DAY_MS = 86_400_000;
export const BEIJING_OFFSET_MS = 8 * 3_600_000;
// literals, not parameters: SQLite binds JS numbers as REAL, which would make the division fractional
export const beijingDayOf = (column: string) => sql<number>`((${sql.ref(column)} + ${sql.lit(BEIJING_OFFSET_MS)}) / ${sql.lit(DAY_MS)})`;
