import type { CreateTableBuilder, Kysely } from 'kysely';
import { idColumn, type Dialect } from './helpers.ts';

/**
 * Issue 20, agent settlement (DESIGN.md section 12):
 * - agent_statements: one per agent and Beijing month (unique), with every figure of the month
 *   as the job read it (fen), carry in and out, tier, rate, its own commission, its override of
 *   its sub-agents' commission, the operators' adjustment, the total payable and the decision.
 *   The job rewrites a statement only while it is undecided (pending, or approved once of two);
 *   paid and rejected ones stay as they are.
 * - agent_statement_adjustments: every operator adjustment (the total before and after, reason),
 *   kept beside the statement (its line items).
 * - agent_settlement_runs: one row per settled month (the job's claim) with the running or last
 *   pass as JSON (cursor over agent ids, counts), committed with each chunk of agents.
 * agent_id is the agents table's id (issue 20's agents module); no foreign key, so this migration
 * does not depend on that one's order.
 */
export function m028(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      let t: CreateTableBuilder<'agent_statements', string> = idColumn(db.schema.createTable('agent_statements'), dialect)
        // AS + month digits + id: unique because the id is
        .addColumn('statement_no', 'varchar(40)', (c) => c.notNull().unique())
        .addColumn('agent_id', 'bigint', (c) => c.notNull())
        // the agent's member (the wallet credited)
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
        .addColumn('upline_agent_id', 'bigint')
        .addColumn('plan_id', 'bigint')
        // Beijing month YYYY-MM
        .addColumn('month', 'varchar(7)', (c) => c.notNull());
      for (const col of ['registrations', 'first_deposits', 'first_deposit_amount', 'deposits', 'withdrawals', 'valid_bets', 'ggr', 'bonuses', 'rebates', 'red_packets', 'fees', 'net_profit', 'active_members']) {
        t = t.addColumn(col, 'bigint', (c) => c.notNull().defaultTo(0));
      }
      await t
        .addColumn('carry_in', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('base', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('carry_out', 'bigint', (c) => c.notNull().defaultTo(0))
        // 1-based row of the plan reached; 0 = none
        .addColumn('tier', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rate_bp', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('commission', 'bigint', (c) => c.notNull().defaultTo(0))
        // payable - commission - override: the operators' adjustment (signed fen)
        .addColumn('adjustment', 'bigint', (c) => c.notNull().defaultTo(0))
        // what approval credits: commission + override, or the total an operator adjusted it to
        .addColumn('payable', 'bigint', (c) => c.notNull().defaultTo(0))
        // 1 once an operator adjusted it: the job's re-runs keep the operator's total
        .addColumn('adjusted', 'integer', (c) => c.notNull().defaultTo(0))
        // the override percentage the statement's override was counted at (basis points)
        .addColumn('override_bp', 'integer', (c) => c.notNull().defaultTo(0))
        // what this agent earns of its sub-agents' commission this month (its override), credited
        // with this statement as its own ledger posting
        .addColumn('override', 'bigint', (c) => c.notNull().defaultTo(0))
        // 1 pending, 2 approved once (awaits a second operator), 3 paid, 4 rejected (contract AGENT_STATEMENT_STATE_LABEL)
        .addColumn('state', 'integer', (c) => c.notNull())
        .addColumn('needs_two', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('first_approved_by', 'bigint')
        .addColumn('first_approved_at', 'bigint')
        .addColumn('decided_by', 'bigint')
        .addColumn('decided_at', 'bigint')
        .addColumn('reject_reason', 'varchar(255)')
        .addColumn('entry_id', 'bigint')
        .addColumn('override_entry_id', 'bigint')
        // times the job recomputed it after its first writing
        .addColumn('recomputes', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('computed_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('agent_statements_agent_month').on('agent_statements').columns(['agent_id', 'month']).unique().execute();
      await db.schema.createIndex('agent_statements_member').on('agent_statements').columns(['member_id', 'month']).execute();
      await db.schema.createIndex('agent_statements_month_state').on('agent_statements').columns(['month', 'state', 'id']).execute();
      await db.schema.createIndex('agent_statements_state').on('agent_statements').columns(['state', 'id']).execute();

      await idColumn(db.schema.createTable('agent_statement_adjustments'), dialect)
        .addColumn('statement_id', 'bigint', (c) => c.notNull().references('agent_statements.id'))
        // the statement's total before and after (fen)
        .addColumn('before_total', 'bigint', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('reason', 'varchar(255)', (c) => c.notNull())
        .addColumn('admin_id', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('agent_statement_adjustments_statement').on('agent_statement_adjustments').columns(['statement_id', 'id']).execute();

      await db.schema
        .createTable('agent_settlement_runs')
        .addColumn('month', 'varchar(7)', (c) => c.primaryKey())
        .addColumn('holder', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('pass', 'text')
        .addColumn('agents', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('statements', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('commission', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('reruns', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rerun_at', 'bigint')
        .execute();
    },
  };
}
