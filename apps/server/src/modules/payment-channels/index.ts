import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ChannelGatewayFactory } from '../../adapters/payments/index.ts';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import type { RequireAdmin } from '../../http/admin-routes.ts';
import type { Job } from '../../jobs/scheduler.ts';
import type { CardVault } from '../cards/index.ts';
import type { Settings } from '../site/index.ts';
import { channelOf } from './model.ts';
import * as repo from './repo.ts';
import { paymentChannelRoutes } from './routes.ts';
import { createRouting } from './routing.ts';
import { createChannelAdmin } from './service.ts';

/**
 * Payment channels (issue 21; DESIGN.md section 4 "Channels", section 11): the gateway merchant
 * accounts operators add, switch and route online deposits through. Decisions:
 *
 * - Tables (migration 031): payment_channels (soft-deleted: a deleted channel leaves lists and
 *   routing, its orders keep it and their notifies are still checked with its key),
 *   payment_channel_days (fen reserved per channel and Beijing day: the daily cap),
 *   payment_channel_failures (order-creation failures: the pause), deposits.channel_id.
 * - Keys are sealed with the card vault (AES-256-GCM under CARD_KEY; `npm run rotate-card-key`
 *   re-seals them too). Answers show '••••' and the last 4 characters of keys of 16 or more
 *   characters; only payment-channels/reveal (payments.channels_reveal, audited with its reason)
 *   answers them whole.
 * - Eligibility: state enabled, not deleted, the method listed, the amount within the method's
 *   rule (its fixed list, else its range, an end left empty being the site's, else the site's
 *   cashier setting for the method), and the day's cap. The site's own switch of the method
 *   (pay_methods.<type>.on) still closes it whatever the channels say.
 * - Routing draws by weight among the eligible channels (random injectable), then reserves the
 *   amount within the cap by a conditional update; the reservation counts the day's orders
 *   routed there, less those the gateway refused and those that expired unpaid (a channel's cap
 *   is then never exceeded even if every open order gets paid). The order keeps its channel: its
 *   channel id is written before the gateway is called, so a notify after a crash still finds it.
 *   A refusal or time-out moves the order to the next eligible channel (same order number: it is
 *   per merchant at the gateway) and counts as that channel's failure; an order no channel
 *   created fails and keeps no channel. A time-out may hide an order the gateway did make: its
 *   notify then names a channel the order no longer has and is refused (the member never saw
 *   that cashier, so nobody pays it).
 * - Pause: payment_channel_pause_failures failures (0 = never) within
 *   payment_channel_pause_minutes (site settings) pause an enabled channel, with the reason.
 *   Failures from before an operator's last switch do not count. The notice is the back-office's
 *   pending count `payment_channels_paused` (dashboard summary; its bell rings when it grows)
 *   beside the channel's state_name / paused_reason, and a warning in the log.
 * - Offers: without any channel (none created, or all deleted) online methods go through the
 *   legacy `payment_gateway` setting exactly as before. With channels, the cashier offers an
 *   online method while an enabled channel serves it with room in its cap; the offered range
 *   spans the channels' rules (a fixed list when all are fixed lists), and an amount that no
 *   channel takes is refused by routing with its own message.
 * - Notifies: POST /pay/notify/ch/<channel id>, checked with that channel's key only and from
 *   its notify_ips when it has any (the payments module; replays: see payments/replay.ts).
 * - Stats: per Beijing day of order creation, from deposits.channel_id (indexed with created_at):
 *   orders, credited orders, success rate (percent, 2 decimals), credited yuan.
 * - Credentials (issue 33, migration 036): gateway type, merchant id, keys, order / query URL and
 *   notify allowlist are money settings. Changing one needs payments.channels_keys; the change
 *   waits in payment_channel_key_changes (new keys sealed with the vault, values and key
 *   fingerprints as JSON; one pending change per channel) until a second, different holder
 *   approves it, and only then reaches the channel (and so the notify check). Other fields apply
 *   at once with payments.channels. A new channel is stored with approved_at null: not routed,
 *   not offered, not counted as "channels exist" by the cashier, until approved; a rejected new
 *   channel is deleted. The audit log keeps keys' fingerprints (sha256, 8 hex digits), never keys.
 */
export type { Channel, ChannelMethod } from './model.ts';
export type { Routing, RouteOutcome } from './routing.ts';
export { notifyIpAllowed } from './model.ts';

export interface PaymentChannelsDeps {
  settings(): Promise<Settings>;
  vault: CardVault;
  gateways: ChannelGatewayFactory;
  /** origin of the notify URLs handed to gateways */
  publicBase(): string;
  random?: () => number;
}

/** how long failures are kept: longer than any pause window an operator may set (1 day) */
const FAILURES_KEPT_MS = 2 * 86_400_000;

export function createPaymentChannels(ctx: AppContext, deps: PaymentChannelsDeps) {
  const notifyUrlOf = (id: number) => {
    let base = '';
    try {
      base = deps.publicBase();
    } catch {
      // not listening yet: a relative address
    }
    return `${base}/pay/notify/ch/${id}`;
  };
  const routing = createRouting(ctx, { settings: deps.settings, vault: deps.vault, gateways: deps.gateways, random: deps.random });
  const admin = createChannelAdmin(ctx, { vault: deps.vault, notifyUrlOf, settings: deps.settings, offers: (s) => routing.offers(s) });
  const jobs: Job[] = [{ name: 'prune_channel_failures', everySeconds: 3600, leaseMs: 5 * 60_000, run: async () => void (await repo.pruneFailures(ctx.db, Date.now() - FAILURES_KEPT_MS)) }];
  return {
    routing,
    admin,
    jobs,
    notifyUrlOf,
    /** a channel whatever its state (deleted ones too: their orders' notifies) */
    channel: async (id: number) => {
      const r = await repo.channel(ctx.db, id, { includeDeleted: true });
      return r ? channelOf(r) : undefined;
    },
    routes: (app: FastifyInstance, requireAdmin: RequireAdmin) => paymentChannelRoutes(app, admin, requireAdmin),
  };
}
export type PaymentChannels = ReturnType<typeof createPaymentChannels>;

/** channels that paused themselves (the dashboard's pending count) */
export const pausedChannelsCount = (db: Kysely<DB>) => repo.pausedCount(db);
/** issue 33 point 2: credential changes waiting for a second operator */
export const pendingKeyChangesCount = (db: Kysely<DB>) => repo.pendingKeyChangesCount(db);

/**
 * every sealed key, for the card-key rotation (ops/rotate-card-key.ts): the channels' and those of
 * credential changes still waiting (issue 33); a row of either is told apart by its sealed value
 */
export async function sealedChannelKeys(db: Kysely<DB>) {
  const [channels, pending] = await Promise.all([
    db.selectFrom('payment_channels').select(['id', 'sign_key', 'notify_key']).execute(),
    db.selectFrom('payment_channel_key_changes').select(['id', 'sign_key', 'notify_key']).where('status', '=', 'pending').execute(),
  ]);
  return [...channels, ...pending];
}
export async function resealChannelKey(db: Kysely<DB>, id: number, column: 'sign_key' | 'notify_key', from: string, to: string): Promise<boolean> {
  const r = await db.updateTable('payment_channels').set({ [column]: to }).where('id', '=', id).where(column, '=', from).executeTakeFirst();
  if (Number(r.numUpdatedRows) === 1) return true;
  // a sealed value is unique (random nonce): the same id in the other table is told apart by it
  const k = await db.updateTable('payment_channel_key_changes').set({ [column]: to }).where('id', '=', id).where(column, '=', from).executeTakeFirst();
  return Number(k.numUpdatedRows) === 1;
}
