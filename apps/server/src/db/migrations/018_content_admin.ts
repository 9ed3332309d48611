import type { Kysely } from 'kysely';

/**
 * Issue 13, content in the back-office: the sponsorship partners (until now constants in
 * modules/content/sponsors.ts) become rows an operator edits. The seed fills them from those
 * constants when missing (db/seed/content.ts), so an operator's edits survive every start.
 * facts and sections are JSON text; `type` is the partner's number on the wire (/partners/<type>).
 */
export function m018() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('sponsors')
        .addColumn('type', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'varchar(40)', (c) => c.notNull())
        .addColumn('slogan', 'varchar(60)', (c) => c.notNull().defaultTo(''))
        .addColumn('logo', 'varchar(500)', (c) => c.notNull())
        .addColumn('since', 'varchar(30)', (c) => c.notNull().defaultTo(''))
        .addColumn('lead', 'text', (c) => c.notNull())
        // JSON [[label, value], ...]
        .addColumn('facts', 'text', (c) => c.notNull())
        // JSON [{title, paragraphs: [..]}, ...]
        .addColumn('sections', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        // 1 shown on /zhanzhu and /partners/<type>, 0 hidden by an operator
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      // banks in their order (/api/banklist and the back-office list)
      await db.schema.createIndex('banks_list').on('banks').columns(['sort', 'id']).execute();
    },
  };
}
