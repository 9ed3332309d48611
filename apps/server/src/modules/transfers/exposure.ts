import { adminVenueExposureSchema, fenToYuan, type AdminVenueExposureReply } from '@casino/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB, Venue } from '../../db/schema.ts';
import { adminRoute, registerAdminRoutes, type RequireAdmin } from '../../http/admin-routes.ts';
import { ok } from '../../http/envelope.ts';
import type { Catalogue } from '../catalogue/index.ts';
import { venueClearingCode, wallet } from '../wallet/index.ts';

const bit = (v: number | null | undefined): 0 | 1 => (Number(v) === 1 ? 1 : 0);

interface VenueHoldings {
  /** members whose last known balance at the venue is above zero */
  members: number;
  /** fen: the sum of those balances */
  total: number;
  /** fen: transfers into the venue still pending (money in transit) */
  pending: number;
}

/**
 * What members hold at each venue (issue 13, the back-office's exposure view), from the last
 * balances the venues reported (venue_balances, through its (platform, balance) index: migration
 * 022) and the transfers into them still pending (through the status index). Reading only.
 */
async function venueHoldings(db: Kysely<DB>, platforms: string[]): Promise<Map<string, VenueHoldings>> {
  const out = new Map<string, VenueHoldings>(platforms.map((p) => [p, { members: 0, total: 0, pending: 0 }]));
  if (platforms.length === 0) return out;
  const [held, pending] = await Promise.all([
    db
      .selectFrom('venue_balances')
      .select((eb) => ['platform', eb.fn.countAll<number | string>().as('n'), eb.fn.sum<number | string>('balance').as('total')])
      .where('platform', 'in', platforms)
      .where('balance', '>', 0)
      .groupBy('platform')
      .execute(),
    db
      .selectFrom('venue_transfers')
      .select((eb) => ['platform', eb.fn.sum<number | string>('amount').as('total')])
      .where('status', '=', 2)
      .where('direction', '=', 'to_venue')
      .groupBy('platform')
      .execute(),
  ]);
  for (const r of held) {
    const h = out.get(r.platform);
    if (h) Object.assign(h, { members: Number(r.n), total: Number(r.total ?? 0) });
  }
  for (const r of pending) {
    const h = out.get(r.platform);
    if (h) h.pending = Number(r.total ?? 0);
  }
  return out;
}

/** Per venue: members holding a balance there and the total, the clearing account, money in transit. */
async function venueExposure(db: Kysely<DB>, venues: Venue[]): Promise<AdminVenueExposureReply> {
  const platforms = venues.map((v) => v.platform);
  const [held, clearing] = await Promise.all([venueHoldings(db, platforms), Promise.all(platforms.map((p) => wallet.accountBalance(db, venueClearingCode(p))))]);
  const rows = venues.map((v, i) => {
    const h = held.get(v.platform) ?? { members: 0, total: 0, pending: 0 };
    return {
      platform: v.platform,
      name: v.name,
      state: bit(v.state),
      listed: v.listed === 1 && v.op_listed === 1 ? (1 as const) : (0 as const),
      members: h.members,
      total: fenToYuan(h.total),
      clearing: fenToYuan(Number(clearing[i] ?? 0)),
      pending: fenToYuan(h.pending),
    };
  });
  const sumFen = (f: (i: number) => number) => platforms.reduce((s, _p, i) => s + f(i), 0);
  return {
    rows,
    members: rows.reduce((s, r) => s + r.members, 0),
    total: fenToYuan(sumFen((i) => held.get(platforms[i])?.total ?? 0)),
    clearing: fenToYuan(sumFen((i) => Number(clearing[i] ?? 0))),
  };
}

/** /admin/api/venues/exposure (games.manage): the back-office's view of money held at venues. */
export function exposureRoutes(app: FastifyInstance, db: Kysely<DB>, catalogue: Catalogue, requireAdmin: RequireAdmin) {
  registerAdminRoutes(app, requireAdmin, [
    adminRoute({ path: '/admin/api/venues/exposure', permission: 'games.manage', schema: adminVenueExposureSchema, handler: async () => ok(await venueExposure(db, await catalogue.venues())) }),
  ]);
}
