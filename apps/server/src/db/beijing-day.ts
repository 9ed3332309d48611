import { sql } from 'kysely';

/**
 * Beijing days in SQL: Asia/Shanghai has no daylight saving, so a day is epoch ms + 8 h divided
 * by 24 h (integer division on both databases). For reports that group by day.
 */
export const DAY_MS = 86_400_000;
export const BEIJING_OFFSET_MS = 8 * 3_600_000;
// literals, not parameters: SQLite binds JS numbers as REAL, which would make the division fractional
export const beijingDayOf = (column: string) => sql<number>`((${sql.ref(column)} + ${sql.lit(BEIJING_OFFSET_MS)}) / ${sql.lit(DAY_MS)})`;

/** the same day number in JavaScript: the Beijing day (epoch days) of an instant */
export const beijingDayNumber = (ms: number) => Math.floor((ms + BEIJING_OFFSET_MS) / DAY_MS);
/** the instant a Beijing day number starts */
export const beijingDayStartMs = (day: number) => day * DAY_MS - BEIJING_OFFSET_MS;
/** 'YYYY-MM-DD' (a Beijing calendar day) to its day number, and back */
export const dayNumberOfDate = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
export const dateOfDayNumber = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
