import { sql, type Kysely } from 'kysely';
import { idColumn, type Dialect } from './helpers.ts';

/**
 * The affiliate programme's agents and figures (issue 20, DESIGN.md section 12):
 * - agent_plans: commission plans, rows as JSON [{min_active, min_net_profit (fen), rate_bp}];
 *   one is the default (the agent page's table, seeded by modules/agents/seed.ts);
 * - agents: a member with an agent record (code for the pid link, plan, upline agent, state);
 * - agent_links: which agent a member belonged to over time [from_ms, to_ms); registering with
 *   an agent's code opens the first, an operator's move closes it and opens the next, so each
 *   activity counts for the agent of its moment; at most one open link per member;
 * - agent_moves: the moves' history (reason, operator);
 * - agent_member_days: the rollup figures read from: per Beijing day x agent x downline member
 *   (ledger money, settled bets, registration, first deposit), recomputed from the ledger and
 *   bets (modules/agents/rollup.ts);
 * - agent_first_deposits: each linked member's first deposit (immutable once seen);
 * - agent_flags: possible own accounts of an agent (shared card, address), open until cleared;
 * - agent_marks: the rollup's cursors.
 */
export function m027(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await idColumn(db.schema.createTable('agent_plans'), dialect)
        .addColumn('name', 'varchar(32)', (c) => c.notNull())
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rows', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await sql`create unique index agent_plans_one_default on agent_plans (is_default) where is_default = 1`.execute(db);

      await idColumn(db.schema.createTable('agents'), dialect)
        .addColumn('member_id', 'bigint', (c) => c.notNull().unique().references('members.id'))
        .addColumn('code', 'varchar(16)', (c) => c.notNull().unique())
        .addColumn('plan_id', 'bigint', (c) => c.notNull().references('agent_plans.id'))
        .addColumn('upline_agent_id', 'bigint')
        // 1 active, 2 suspended
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        // 'application' or 'operator'
        .addColumn('source', 'varchar(16)', (c) => c.notNull())
        .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('agents_upline').on('agents').columns(['upline_agent_id', 'id']).execute();
      await db.schema.createIndex('agents_plan').on('agents').column('plan_id').execute();

      await idColumn(db.schema.createTable('agent_links'), dialect)
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
        .addColumn('agent_id', 'bigint', (c) => c.notNull().references('agents.id'))
        .addColumn('from_ms', 'bigint', (c) => c.notNull())
        .addColumn('to_ms', 'bigint')
        .execute();
      await db.schema.createIndex('agent_links_member').on('agent_links').columns(['member_id', 'from_ms']).execute();
      await db.schema.createIndex('agent_links_agent').on('agent_links').columns(['agent_id', 'to_ms', 'member_id']).execute();
      await sql`create unique index agent_links_one_open on agent_links (member_id) where to_ms is null`.execute(db);

      await idColumn(db.schema.createTable('agent_moves'), dialect)
        .addColumn('member_id', 'bigint', (c) => c.notNull())
        .addColumn('from_agent_id', 'bigint')
        .addColumn('to_agent_id', 'bigint')
        .addColumn('reason', 'varchar(200)', (c) => c.notNull())
        .addColumn('admin_id', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('agent_moves_member').on('agent_moves').columns(['member_id', 'created_at']).execute();

      const big = (c: any) => c.notNull().defaultTo(0);
      await db.schema
        .createTable('agent_member_days')
        .addColumn('agent_id', 'bigint', (c) => c.notNull())
        .addColumn('day', 'integer', (c) => c.notNull())
        .addColumn('member_id', 'bigint', (c) => c.notNull())
        .addColumn('registered', 'integer', big)
        .addColumn('first_deposit', 'integer', big)
        .addColumn('first_deposit_amount', 'bigint', big)
        .addColumn('deposits', 'bigint', big)
        .addColumn('deposit_count', 'integer', big)
        .addColumn('withdrawals', 'bigint', big)
        .addColumn('bet_count', 'bigint', big)
        .addColumn('stake', 'bigint', big)
        .addColumn('valid', 'bigint', big)
        // the members' net result of settled bets (GGR = -result)
        .addColumn('result', 'bigint', big)
        .addColumn('bonuses', 'bigint', big)
        .addColumn('rebates', 'bigint', big)
        .addColumn('red_packets', 'bigint', big)
        .addPrimaryKeyConstraint('agent_member_days_pk', ['agent_id', 'day', 'member_id'])
        .execute();
      await db.schema.createIndex('agent_member_days_day').on('agent_member_days').columns(['day', 'agent_id']).execute();

      await db.schema
        .createTable('agent_first_deposits')
        .addColumn('member_id', 'bigint', (c) => c.primaryKey())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .execute();

      await idColumn(db.schema.createTable('agent_flags'), dialect)
        .addColumn('member_id', 'bigint', (c) => c.notNull())
        .addColumn('agent_id', 'bigint', (c) => c.notNull())
        // card, register_ip, login_ip, device, card_shared
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        // what is shared (a card's number key, an address); never shown, the detail is
        .addColumn('match_key', 'varchar(128)', (c) => c.notNull())
        .addColumn('detail', 'varchar(200)', (c) => c.notNull())
        .addColumn('other_member_id', 'bigint')
        // 1 open, 2 cleared
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('cleared_by', 'bigint')
        .addColumn('cleared_at', 'bigint')
        .addColumn('clear_reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('agent_flags_unique').on('agent_flags').columns(['member_id', 'agent_id', 'kind', 'match_key']).unique().execute();
      await db.schema.createIndex('agent_flags_agent').on('agent_flags').columns(['agent_id', 'state', 'member_id']).execute();
      await db.schema.createIndex('agent_flags_state').on('agent_flags').columns(['state', 'created_at']).execute();

      await db.schema
        .createTable('agent_marks')
        .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('value', 'bigint', (c) => c.notNull())
        .execute();
      // sign-ins by address (a downline member's address shared with its agent)
      await db.schema.createIndex('member_logins_ip').on('member_logins').columns(['ip', 'member_id']).execute();
      await db.schema.createIndex('members_register_ip').on('members').columns(['register_ip', 'id']).execute();
    },
  };
}
