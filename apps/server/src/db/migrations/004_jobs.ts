import type { Kysely } from 'kysely';

/** One claim row per job and time slot: with several server processes a slot runs once. */
export function m004() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('job_runs')
        .addColumn('job', 'varchar(64)', (c) => c.notNull())
        .addColumn('slot', 'bigint', (c) => c.notNull())
        .addColumn('holder', 'varchar(64)', (c) => c.notNull())
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint')
        .addColumn('error', 'varchar(500)')
        .addPrimaryKeyConstraint('job_runs_pk', ['job', 'slot'])
        .execute();
      await db.schema.createIndex('job_runs_started').on('job_runs').columns(['job', 'started_at']).execute();
    },
  };
}
