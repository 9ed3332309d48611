import { sql, type Kysely } from 'kysely';
import { idColumn, type Dialect } from './helpers.ts';

/**
 * Members' withdrawals (DESIGN.md section 4, Payments). Submitting moves the amount into the
 * member's withdrawal hold in the same transaction that inserts the row (state 1); the one
 * decision (2 approved: hold -> payouts, 3 rejected: hold -> central) is a conditional update of
 * `state` from 1, so two concurrent decisions have one effect. The card is copied as it was at
 * submission (bank, holder, last 4, fingerprint, bound at): later unbinding changes nothing here.
 */
export function m013(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await idColumn(db.schema.createTable('withdrawals'), dialect)
        // W + Beijing date and time + random digits; unique by constraint (a collision retries)
        .addColumn('withdraw_no', 'varchar(40)', (c) => c.notNull().unique())
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
        .addColumn('card_id', 'bigint', (c) => c.notNull().references('member_cards.id'))
        // 1 bank card, 2 USDT address (member_cards.type)
        .addColumn('card_type', 'integer', (c) => c.notNull().check(sql`card_type in (1, 2)`))
        .addColumn('bank', 'varchar(64)', (c) => c.notNull())
        .addColumn('bank_owner', 'varchar(64)', (c) => c.notNull())
        .addColumn('bank_no_last4', 'varchar(4)', (c) => c.notNull())
        .addColumn('bank_address', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        // the card's number fingerprint (same card on another member; first payout to it)
        .addColumn('number_key', 'varchar(100)', (c) => c.notNull())
        .addColumn('card_bound_at', 'bigint', (c) => c.notNull())
        // fen taken from the central wallet into the hold
        .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
        // USDT only, at the rate of the moment: chain, rate x10000, hundredths of a USDT
        .addColumn('usdt_chain', 'varchar(8)')
        .addColumn('usdt_rate_e4', 'bigint')
        .addColumn('usdt_amount', 'bigint')
        .addColumn('usdt_fee', 'bigint')
        .addColumn('usdt_received', 'bigint')
        // 1 pending review, 2 approved (paid out), 3 rejected (returned)
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1).check(sql`state in (1, 2, 3)`))
        // above the second-approval amount when submitted: two different operators must approve
        .addColumn('needs_two', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('first_approved_by', 'bigint', (c) => c.references('admins.id'))
        .addColumn('first_approved_at', 'bigint')
        // 预备出款: while set, only this operator may decide
        .addColumn('claimed_by', 'bigint', (c) => c.references('admins.id'))
        .addColumn('claimed_at', 'bigint')
        .addColumn('decided_by', 'bigint', (c) => c.references('admins.id'))
        .addColumn('decided_at', 'bigint')
        .addColumn('reason', 'varchar(400)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('withdrawals_usdt_received', sql`usdt_received is null or usdt_received > 0`)
        .execute();
      // the member's records, newest first, within a date window; today's count and total
      await db.schema.createIndex('withdrawals_member').on('withdrawals').columns(['member_id', 'created_at']).execute();
      // the operators' queue by state, newest first
      await db.schema.createIndex('withdrawals_state').on('withdrawals').columns(['state', 'created_at']).execute();
      // the risk note "same card on another member" looks cards up by fingerprint across members
      await db.schema.createIndex('member_cards_number_key').on('member_cards').column('number_key').execute();
      // earlier payouts to the same card number (risk note: first withdrawal to this card)
      await db.schema.createIndex('withdrawals_number').on('withdrawals').columns(['number_key', 'state']).execute();
    },
  };
}
