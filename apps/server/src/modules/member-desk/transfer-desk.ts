import { ADMIN_TRANSFER_MSG, CODE, fenToYuan, type AdminTransferRow } from '@casino/contract';
import { newestFirstPage } from '../../db/big-lists.ts';
import type { AppContext } from '../../context.ts';
import type { SessionAdmin } from '../../http/auth.ts';
import { refuse } from '../../http/envelope.ts';
import { toWireTime } from '../../lib/time.ts';
import { audit } from '../audit/index.ts';
import type { Transfers } from '../transfers/index.ts';

const STATUS = { pending: 2, success: 1, failed: 0 } as const;

/**
 * Venue transfers for the cashier desk: the list (pending first of all) and the button that asks
 * the venue about one transfer and settles it through the transfers module's reconciler, the
 * same path the periodic job takes, so a transfer is settled once whoever asks.
 */
export function createTransferDesk(ctx: AppContext, transfers: Transfers) {
  const { db } = ctx;
  return {
    async list(f: { state: 'pending' | 'success' | 'failed' | 'all'; username?: string; platform?: string; page: number; per_page: number }) {
      let q = db.selectFrom('venue_transfers');
      if (f.state !== 'all') q = q.where('venue_transfers.status', '=', STATUS[f.state]);
      if (f.username) q = q.where('venue_transfers.member_id', 'in', db.selectFrom('members').select('id').where('username', '=', f.username.toLowerCase()));
      if (f.platform) q = q.where('venue_transfers.platform', '=', f.platform);
      // issue 24: counted without the members join, exactly up to 10,000 and estimated past that;
      // the last pages read from the oldest end (millions of transfers)
      const { rows, total: n, estimated } = await newestFirstPage(db, {
        base: q,
        rows: q
          .innerJoin('members', 'members.id', 'venue_transfers.member_id')
          .select([
            'venue_transfers.transfer_id', 'members.username', 'venue_transfers.platform', 'venue_transfers.direction', 'venue_transfers.amount', 'venue_transfers.status',
            'venue_transfers.attempts', 'venue_transfers.last_error', 'venue_transfers.created_at', 'venue_transfers.settled_at',
          ])
          // the venue by name (issue 25); a platform the catalogue no longer has shows its code
          .leftJoin('venues', 'venues.platform', 'venue_transfers.platform')
          .select('venues.name as venue_name'),
        keys: ['venue_transfers.created_at', 'venue_transfers.id'],
        page: f.page,
        perPage: f.per_page,
      });
      return {
        data: rows.map(
          (r): AdminTransferRow => ({
            ...r,
            venue_name: r.venue_name ?? r.platform.toUpperCase(),
            amount: fenToYuan(r.amount),
            status: r.status as 0 | 1 | 2,
            created_at: toWireTime(r.created_at),
            settled_at: r.settled_at ? toWireTime(r.settled_at) : null,
          }),
        ),
        total: n,
        last_page: Math.max(1, Math.ceil(n / f.per_page)),
        current_page: f.page,
        per_page: f.per_page,
        ...(estimated ? { total_estimated: true as const } : {}),
      };
    },

    /** Asks the venue now (whatever the transfer's age) and settles; audited with the outcome. */
    async settle(admin: SessionAdmin, transferId: string, meta: { ip: string }) {
      const before = await db.selectFrom('venue_transfers').select(['member_id', 'status', 'amount', 'platform', 'direction']).where('transfer_id', '=', transferId).executeTakeFirst();
      if (!before) refuse(ADMIN_TRANSFER_MSG.notFound, CODE.notFound);
      if (before.status === 2) await transfers.reconcile({ transferId, minAgeMs: 0, limit: 1 });
      const after = await db.selectFrom('venue_transfers').select('status').where('transfer_id', '=', transferId).executeTakeFirstOrThrow();
      await audit(db, {
        adminId: admin.adminId,
        action: 'transfer.settle',
        target: `transfer:${transferId}`,
        detail: { member_id: before.member_id, platform: before.platform, direction: before.direction, amount_fen: before.amount, before: { status: before.status }, after: { status: after.status } },
        ip: meta.ip,
      });
      return { transfer_id: transferId, status: after.status as 0 | 1 | 2 };
    },
  };
}
export type TransferDesk = ReturnType<typeof createTransferDesk>;
