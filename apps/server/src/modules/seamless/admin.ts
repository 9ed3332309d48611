import { fenToYuan, formatYuan, SEAMLESS_MSG, VENUE_MODE_NAMES, type AdminPaged, type AdminSeamlessRoundRow, type AdminSeamlessRoundsInput, type AdminVenueModeInput } from '@casino/contract';
import type { AppContext } from '../../context.ts';
import type { VenueRegistry } from '../../adapters/venues/index.ts';
import type { SeamlessRoundState } from '../../db/schema/seamless.ts';
import { refuse } from '../../http/envelope.ts';
import { paged } from '../../lib/paging.ts';
import { toWireTime } from '../../lib/time.ts';
import { audit } from '../audit/index.ts';

export interface AdminDeps {
  registry: VenueRegistry;
  /** the catalogue's cached venues are read again (members see the mode at once in this process) */
  invalidateCatalogue: () => void;
}

/** The back-office side of seamless venues: a venue's mode, a member's rounds with their calls. */
export function createSeamlessAdmin(ctx: AppContext, deps: AdminDeps) {
  const { db } = ctx;

  /**
   * transfer -> seamless only while no member holds money at the venue (last known balances, or a
   * transfer not settled); seamless -> transfer only while none of its rounds is open. The provider
   * is told first: its refusal changes nothing here.
   */
  async function setMode(input: AdminVenueModeInput, admin: { adminId: number; ip: string }, now = Date.now()) {
    const venue = await db.selectFrom('venues').selectAll().where('platform', '=', input.platform).executeTakeFirst();
    if (!venue) refuse(SEAMLESS_MSG.venueNotFound, 404);
    const from = venue.mode === 'seamless' ? 'seamless' : 'transfer';
    if (from === input.mode) return { platform: venue.platform, mode: from, message: SEAMLESS_MSG.unchanged };
    if (input.mode === 'seamless') {
      const held = await db
        .selectFrom('venue_balances')
        .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.coalesce(eb.fn.sum<number | string>('balance'), eb.lit(0)).as('fen')])
        .where('platform', '=', venue.platform)
        .where('balance', '>', 0)
        .executeTakeFirstOrThrow();
      const pending = await db.selectFrom('venue_transfers').select('id').where('platform', '=', venue.platform).where('status', '=', 2).limit(1).executeTakeFirst();
      if (Number(held.n) > 0 || pending) refuse(SEAMLESS_MSG.membersHoldMoney(Number(held.n), formatYuan(fenToYuan(Number(held.fen)), true)));
    } else {
      const open = await db.selectFrom('seamless_rounds').select((eb) => eb.fn.countAll<number | string>().as('n')).where('venue', '=', venue.platform).where('state', '=', 'open').executeTakeFirstOrThrow();
      if (Number(open.n) > 0) refuse(SEAMLESS_MSG.openRounds(Number(open.n)));
    }
    const adapter = deps.registry.get(venue.provider);
    if (adapter?.setVenueMode) {
      try {
        await adapter.setVenueMode(venue.platform, input.mode);
      } catch (e) {
        refuse(SEAMLESS_MSG.providerFailed((e as Error).message.slice(0, 200)));
      }
    }
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('venues').set({ mode: input.mode, edited_at: now }).where('platform', '=', venue.platform).execute();
      await audit(trx, { adminId: admin.adminId, action: 'venue.mode', target: `venue:${venue.platform}`, detail: { before: { mode: from }, after: { mode: input.mode } }, ip: admin.ip, now });
    });
    deps.invalidateCatalogue();
    return { platform: venue.platform, mode: input.mode, message: SEAMLESS_MSG.modeSet(VENUE_MODE_NAMES[input.mode]) };
  }

  /** a member's rounds, newest first (the member's index), each with its debit, credit and rollback calls */
  async function rounds(q: AdminSeamlessRoundsInput): Promise<AdminPaged<AdminSeamlessRoundRow>> {
    const m = await db.selectFrom('members').select('id').where('username', '=', q.username).executeTakeFirst();
    if (!m) refuse(SEAMLESS_MSG.memberNotFound, 404);
    let base = db.selectFrom('seamless_rounds').where('member_id', '=', m.id);
    if (q.venue) base = base.where('venue', '=', q.venue);
    if (q.state) base = base.where('state', '=', q.state);
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      base.selectAll().orderBy('created_at', 'desc').orderBy('debit_tx_id', 'desc').limit(q.per_page).offset((q.page - 1) * q.per_page).execute(),
    ]);
    const ids = rows.map((r) => r.debit_tx_id);
    const venues = [...new Set(rows.map((r) => r.venue))];
    const txs = ids.length
      ? await db
          .selectFrom('seamless_txs')
          .selectAll()
          .where('venue', 'in', venues)
          .where((eb) => eb.or([eb('tx_id', 'in', ids), eb('debit_tx_id', 'in', ids)]))
          .where('member_id', '=', m.id)
          .orderBy('id')
          .execute()
      : [];
    const names = new Map((venues.length ? await db.selectFrom('venues').select(['platform', 'name', 'op_name']).where('platform', 'in', venues).execute() : []).map((v) => [v.platform, v.op_name ?? v.name]));
    const yuan = (fen: number | null) => (fen === null ? null : fenToYuan(Number(fen)));
    return paged(
      rows.map((r) => ({
        venue: r.venue,
        venue_name: names.get(r.venue) ?? r.venue,
        debit_tx_id: r.debit_tx_id,
        round_id: r.round_id,
        game_code: r.game_code,
        state: r.state as SeamlessRoundState,
        stake: yuan(r.stake),
        payout: yuan(r.payout),
        flagged: Number(r.flagged) ? 1 : 0,
        created_at: toWireTime(Number(r.created_at)),
        settled_at: r.settled_at === null ? null : toWireTime(Number(r.settled_at)),
        txs: txs
          .filter((t) => t.venue === r.venue && (t.tx_id === r.debit_tx_id ? t.kind === 'debit' : t.debit_tx_id === r.debit_tx_id))
          .map((t) => ({ tx_id: t.tx_id, kind: t.kind, amount: fenToYuan(Number(t.amount)), code: Number(t.code), flagged: Number(t.flagged) ? 1 : 0, created_at: toWireTime(Number(t.created_at)) })),
      })),
      Number(count.n),
      q.page,
      q.per_page,
    );
  }

  return { setMode, rounds };
}
