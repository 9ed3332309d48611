import type { PayMethods, PayType } from '@casino/contract';
import type { AppContext } from '../../context.ts';
import type { ChannelGatewayFactory, PaymentGateway } from '../../adapters/payments/index.ts';
import { beijingDayNumber, dateOfDayNumber } from '../../db/beijing-day.ts';
import type { CardVault } from '../cards/index.ts';
import type { Settings } from '../site/index.ts';
import { channelOf, fits, ruleOf, type AmountRule, type Channel } from './model.ts';
import * as repo from './repo.ts';

export interface RoutingDeps {
  settings(): Promise<Settings>;
  vault: CardVault;
  gateways: ChannelGatewayFactory;
  /** [0, 1): which channel a weighted draw lands on (tests pass their own) */
  random?: () => number;
}

/** Where an order went: the channel and its adapter, and what the adapter's call answered. */
export interface Routed<T> {
  channel: Channel;
  gateway: PaymentGateway;
  result: T;
}
/** none: no enabled channel takes the method at that amount (or every cap is used up); failed: every one that did refused */
export type RouteOutcome<T> = { ok: true; routed: Routed<T> } | { ok: false; why: 'none' | 'failed' };

const dayOf = (ms: number) => dateOfDayNumber(beijingDayNumber(ms));

export function createRouting(ctx: AppContext, deps: RoutingDeps) {
  const { db } = ctx;
  const random = deps.random ?? Math.random;
  /** adapters by channel and version: keys are opened once per change of the channel */
  const adapters = new Map<string, PaymentGateway>();

  function gatewayOf(ch: Channel): PaymentGateway {
    const cacheKey = `${ch.id}:${ch.updatedAt}`;
    let g = adapters.get(cacheKey);
    if (!g) {
      for (const k of adapters.keys()) if (k.startsWith(`${ch.id}:`)) adapters.delete(k);
      const r = ch.record;
      g = deps.gateways({
        id: ch.id,
        gatewayType: ch.gatewayType,
        merchantId: ch.merchantId,
        signKey: deps.vault.open(r.sign_key),
        notifyKey: r.notify_key ? deps.vault.open(r.notify_key) : '',
        sifang: ch.sifang,
        codes: Object.fromEntries(ch.methods.filter((m) => m.code).map((m) => [m.paytype, m.code])),
      });
      adapters.set(cacheKey, g);
    }
    return g;
  }

  /** the rule of each enabled channel serving `paytype` */
  function serving(channels: Channel[], paytype: PayType, s: Settings): { channel: Channel; rule: AmountRule }[] {
    const site = s.pay_methods[paytype];
    if (!site) return [];
    return channels.flatMap((channel) => {
      const m = channel.state === 'enabled' ? channel.methods.find((x) => x.paytype === paytype) : undefined;
      return m ? [{ channel, rule: ruleOf(m, site) }] : [];
    });
  }

  /** one channel of `list` drawn with probability weight / total weight */
  function draw(list: Channel[]): Channel {
    const total = list.reduce((n, c) => n + c.weight, 0);
    let x = random() * total;
    for (const c of list) {
      x -= c.weight;
      if (x < 0) return c;
    }
    return list[list.length - 1];
  }

  /**
   * A failure to create an order at a channel; N of them within M minutes (settings; failures
   * from before an operator last switched it count no more) pause it. Answers whether this one did.
   */
  async function failed(ch: Channel, error: string, now: number): Promise<boolean> {
    await repo.addFailure(db, ch.id, now, error);
    const s = await deps.settings();
    const limit = s.payment_channel_pause_failures;
    if (limit <= 0) return false;
    const since = Math.max(now - s.payment_channel_pause_minutes * 60_000, ch.stateChangedAt);
    const n = await repo.failuresSince(db, ch.id, since);
    if (n < limit) return false;
    const paused = await repo.pauseIfEnabled(db, ch.id, `${s.payment_channel_pause_minutes}分钟内下单失败${n}次，已自动暂停（最后一次：${error.slice(0, 80)}）`, now);
    // the notice: the back-office's pending count of paused channels grows, which rings its bell
    if (paused) ctx.log.warn({ channel: ch.id, name: ch.name, failures: n }, 'payment channel paused itself after repeated order failures');
    return paused;
  }

  return {
    gatewayOf,
    failed,

    /** whether any channel exists: without one the legacy gateway setting serves online methods */
    active: () => repo.anyLiveChannel(db),

    /**
     * The online methods enabled channels offer (yuan, as the cashier shows them), or null when
     * no channel exists. A method is offered while one enabled channel serves it and its cap
     * leaves room for its smallest amount; its range spans the channels' (a fixed list when every
     * one has a fixed list).
     */
    async offers(s: Settings, now = Date.now()): Promise<PayMethods | null> {
      const channels = (await repo.liveChannels(db)).map(channelOf);
      if (channels.length === 0) return null;
      const routed = await repo.routedOn(db, dayOf(now), channels.map((c) => c.id));
      const out: PayMethods = {};
      for (const paytype of Object.keys(s.pay_methods) as PayType[]) {
        const rules = serving(channels, paytype, s)
          .filter(({ channel, rule }) => channel.dailyCap === 0 || channel.dailyCap - (routed.get(channel.id) ?? 0) >= rule.min)
          .map((x) => x.rule);
        if (rules.length === 0) continue;
        const fixed = rules.every((r) => r.amounts.length > 0);
        const amounts = fixed ? [...new Set(rules.flatMap((r) => r.amounts))].sort((a, b) => a - b) : [];
        out[paytype] = { min: Math.min(...rules.map((r) => r.min)) / 100, max: Math.max(...rules.map((r) => r.max)) / 100, amounts: amounts.map((a) => a / 100) };
      }
      return out;
    },

    /**
     * Routes an order: draws an eligible channel by weight (enabled, serving the method at this
     * amount), reserves the amount within its daily cap, and calls `create` with it. When the
     * cap is taken meanwhile or the gateway refuses, the next eligible channel is drawn; each
     * refusal counts towards that channel's pause and gives its reservation back.
     */
    async route<T>(order: { paytype: PayType; amount: number; now: number }, create: (channel: Channel, gateway: PaymentGateway) => Promise<T>): Promise<RouteOutcome<T>> {
      const s = await deps.settings();
      const day = dayOf(order.now);
      let left = serving((await repo.liveChannels(db)).map(channelOf), order.paytype, s)
        .filter(({ rule }) => fits(rule, order.amount))
        .map((x) => x.channel);
      let tried = false;
      while (left.length > 0) {
        const ch = draw(left);
        left = left.filter((c) => c.id !== ch.id);
        if (!(await repo.reserve(db, ch.id, day, order.amount, ch.dailyCap))) continue;
        tried = true;
        let gateway: PaymentGateway;
        try {
          gateway = gatewayOf(ch);
          return { ok: true, routed: { channel: ch, gateway, result: await create(ch, gateway) } };
        } catch (err) {
          ctx.log.warn({ err: String(err), channel: ch.id }, 'payment channel refused an order; trying the next one');
          await repo.release(db, ch.id, day, order.amount);
          await failed(ch, String((err as Error)?.message ?? err), order.now);
        }
      }
      return { ok: false, why: tried ? 'failed' : 'none' };
    },

    /** an order that will not be paid gives its amount back to its channel's day */
    release: (channelId: number, createdAt: number, amount: number) => repo.release(db, channelId, dayOf(createdAt), amount),
  };
}
export type Routing = ReturnType<typeof createRouting>;
