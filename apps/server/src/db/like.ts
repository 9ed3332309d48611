import { sql } from 'kysely';

/**
 * LIKE filters with the searched text taken literally (its own %, _ and \ escaped), on both
 * databases: SQLite has no default escape character, so ESCAPE is spelled out. The one place
 * this is written; lists use `contains` for a keyword and `startsWith` for a prefix that an
 * index on the column can serve.
 */
const literal = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** `column LIKE '%text%'` */
export const contains = (column: string, text: string) => sql<boolean>`${sql.ref(column)} like ${`%${literal(text)}%`} escape '\\'`;

/** `column LIKE 'text%'` */
export const startsWith = (column: string, text: string) => sql<boolean>`${sql.ref(column)} like ${`${literal(text)}%`} escape '\\'`;
