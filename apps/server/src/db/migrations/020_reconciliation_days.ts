import type { Kysely } from 'kysely';
import { idColumn, type Dialect } from './helpers.ts';

/**
 * The daily reconciliation (issue 13): one row per Beijing day with its run state and each check's
 * figures, and the differences found that day with their references. Plus the indexes its per-day
 * windows read through (deposits paid in a window, withdrawals decided or created in one, transfers
 * settled in one); deposits credited in a window use 021's partial deposits_credited, ledger
 * entries of a kind in a window 015's ledger_entries_kind_time.
 */
export function m020(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('reconciliation_days')
        .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
        // queued | running | done | failed: a run is asked for (queued), taken by one process under
        // a lease (running, holder, started_at), and ends done (the result below replaced) or failed
        // (error; the result below is the previous one, if any)
        .addColumn('state', 'varchar(8)', (c) => c.notNull())
        .addColumn('requested_at', 'bigint', (c) => c.notNull())
        // 'job' or the operator's username
        .addColumn('requested_by', 'varchar(64)', (c) => c.notNull())
        .addColumn('started_at', 'bigint')
        .addColumn('holder', 'varchar(64)')
        .addColumn('error', 'varchar(300)')
        // the last completed result (null until a run has completed): clean | differences
        .addColumn('status', 'varchar(12)')
        .addColumn('differences', 'integer')
        // JSON: the checks with their figures (ReconCheckResult[], money in fen)
        .addColumn('checks', 'text')
        .addColumn('computed_at', 'bigint')
        .addColumn('computed_by', 'varchar(64)')
        .addColumn('duration_ms', 'integer')
        // completed runs
        .addColumn('runs', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await idColumn(db.schema.createTable('reconciliation_day_items'), dialect)
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('check_name', 'varchar(16)', (c) => c.notNull())
        .addColumn('kind', 'varchar(40)', (c) => c.notNull())
        .addColumn('reference', 'varchar(160)', (c) => c.notNull())
        // JSON object of every reference (deposit_no, entry_id, transfer_id, member, platform ...)
        .addColumn('refs', 'text', (c) => c.notNull())
        // fen, when the difference is an amount
        .addColumn('expected', 'bigint')
        .addColumn('actual', 'bigint')
        .addColumn('note', 'varchar(300)', (c) => c.notNull())
        .execute();
      // the job looks for runs left behind by a process that stopped (queued or running, stale)
      await db.schema.createIndex('reconciliation_days_state').on('reconciliation_days').columns(['state', 'requested_at']).execute();
      await db.schema.createIndex('reconciliation_day_items_day').on('reconciliation_day_items').columns(['day', 'check_name', 'id']).execute();

      // the day's windows, each through an index; the state comes first, so an equality on it and
      // the day's range use one index (a planner without statistics would otherwise pick the
      // state index alone and walk every approved withdrawal or settled transfer ever made).
      // Deposits credited in a window read 021's partial deposits_credited (credited_at set only
      // with status credited, which is final); the queries write their status test so that no
      // index is chosen for it (daily-repo.ts `statusOf`)
      await db.schema.createIndex('deposits_paid_time').on('deposits').columns(['paid_at']).execute();
      await db.schema.createIndex('withdrawals_state_decided').on('withdrawals').columns(['state', 'decided_at']).execute();
      await db.schema.createIndex('withdrawals_created_time').on('withdrawals').columns(['created_at']).execute();
      await db.schema.createIndex('venue_transfers_status_settled').on('venue_transfers').columns(['status', 'settled_at']).execute();
    },
  };
}
