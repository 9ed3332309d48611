import {
  CHANNEL_STATE_NAMES,
  CODE,
  fenToYuan,
  GATEWAY_TYPE_NAMES,
  PAY_TYPE_NAMES,
  PAYMENT_CHANNEL_MSG as M,
  type ChannelMethodInput,
  type PaymentChannelCreateInput,
  type PaymentChannelDay,
  type PaymentChannelKeys,
  type PaymentChannelList,
  type PaymentChannelListQuery,
  type PaymentChannelRow,
  type PaymentChannelStats,
  type PaymentChannelStatsQuery,
  type PaymentChannelUpdateInput,
} from '@casino/contract';
import type { Updateable } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { PaymentChannelsTable } from '../../db/schema.ts';
import { beijingDayNumber, beijingDayStartMs, dateOfDayNumber, dayNumberOfDate } from '../../db/beijing-day.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { SessionAdmin } from '../../http/auth.ts';
import { refuse } from '../../http/envelope.ts';
import { toWireTime } from '../../lib/time.ts';
import { audit } from '../audit/index.ts';
import type { CardVault } from '../cards/index.ts';
import { channelOf, keyHint, maskedKey, type Channel, type ChannelMethod } from './model.ts';
import * as repo from './repo.ts';

export interface AdminDeps {
  vault: CardVault;
  /** the URL the gateway sends a channel's notifies to */
  notifyUrlOf(channelId: number): string;
}

/** stats answer at most this many days at once */
const MAX_STATS_DAYS = 366;
const DEFAULT_STATS_DAYS = 30;

const dayOf = (ms: number) => dateOfDayNumber(beijingDayNumber(ms));

const methodsOf = (list: ChannelMethodInput[]): ChannelMethod[] => list.map((m) => ({ paytype: m.paytype, code: m.code, min: m.min, max: m.max, amounts: m.amounts }));

/** what an audit entry keeps of a channel: everything but the keys (money fields in fen, named *_fen) */
function auditView(ch: Channel) {
  return {
    name: ch.name,
    gateway_type: ch.gatewayType,
    merchant_id: ch.merchantId,
    methods: ch.methods.map((m) => `${m.paytype}${m.code ? `(${m.code})` : ''} ${m.amounts.length ? m.amounts.map((a) => a / 100).join('/') : `${m.min === null ? '默认' : m.min / 100}-${m.max === null ? '默认' : m.max / 100}`}`),
    daily_cap_fen: ch.dailyCap,
    weight: ch.weight,
    notify_ips: ch.notifyIps,
    state: ch.state,
    sifang: ch.sifang ? `${ch.sifang.order_url} ${ch.sifang.sign_type} ${ch.sifang.amount_unit}` : null,
  };
}

/** Operators' calls on channels: each change audited in the transaction that makes it. */
export function createChannelAdmin(ctx: AppContext, deps: AdminDeps) {
  const { db } = ctx;

  function rowOf(ch: Channel, today?: { orders: number; volume: number }, routed = 0): PaymentChannelRow {
    const r = ch.record;
    return {
      id: ch.id,
      name: ch.name,
      gateway_type: ch.gatewayType,
      gateway_type_name: GATEWAY_TYPE_NAMES[ch.gatewayType] ?? ch.gatewayType,
      merchant_id: ch.merchantId,
      keys: { sign_key: maskedKey(r.sign_key, r.sign_key_hint), notify_key: maskedKey(r.notify_key, r.notify_key_hint) },
      methods: ch.methods.map((m) => ({
        paytype: m.paytype,
        paytype_name: PAY_TYPE_NAMES[m.paytype] ?? m.paytype,
        code: m.code,
        min: m.min === null ? null : fenToYuan(m.min),
        max: m.max === null ? null : fenToYuan(m.max),
        amounts: m.amounts.map(fenToYuan),
      })),
      daily_cap: fenToYuan(ch.dailyCap),
      weight: ch.weight,
      notify_ips: ch.notifyIps,
      state: ch.state,
      state_name: CHANNEL_STATE_NAMES[ch.state] ?? ch.state,
      paused_reason: ch.state === 'paused' ? ch.pausedReason : null,
      paused_at: ch.state === 'paused' && ch.pausedAt !== null ? toWireTime(ch.pausedAt) : null,
      sifang: ch.gatewayType === 'sifang' ? ch.sifang : null,
      notify_url: deps.notifyUrlOf(ch.id),
      today_orders: today?.orders ?? 0,
      today_volume: fenToYuan(today?.volume ?? 0),
      today_cap_left: ch.dailyCap > 0 ? fenToYuan(Math.max(0, ch.dailyCap - routed)) : null,
      created_at: toWireTime(Number(r.created_at)),
      updated_at: toWireTime(Number(r.updated_at)),
    };
  }

  async function rows(channels: Channel[], now: number): Promise<PaymentChannelRow[]> {
    const ids = channels.map((c) => c.id);
    const start = beijingDayStartMs(beijingDayNumber(now));
    const [today, routed] = await Promise.all([repo.channelsSpan(db, ids, start, start + 86_400_000), repo.routedOn(db, dayOf(now), ids)]);
    return channels.map((c) => rowOf(c, today.get(c.id), routed.get(c.id) ?? 0));
  }

  async function found(id: number): Promise<Channel> {
    const r = await repo.channel(db, id);
    if (!r) refuse(M.notFound, CODE.notFound);
    return channelOf(r);
  }

  const nameTaken = (e: unknown): never => {
    if (isUniqueViolation(e)) refuse(M.nameTaken);
    throw e;
  };

  return {
    async list(q: PaymentChannelListQuery, now = Date.now()): Promise<PaymentChannelList> {
      const { rows: found, total } = await repo.listChannels(db, { state: q.state, gatewayType: q.gateway_type, paytype: q.paytype, keyword: q.keyword }, q.per_page, (q.page - 1) * q.per_page);
      return { data: await rows(found.map(channelOf), now), total, last_page: Math.max(1, Math.ceil(total / q.per_page)), current_page: q.page, per_page: q.per_page };
    },

    async get(id: number, now = Date.now()): Promise<PaymentChannelRow> {
      return (await rows([await found(id)], now))[0];
    },

    async create(admin: SessionAdmin, input: PaymentChannelCreateInput, ip: string, now = Date.now()): Promise<PaymentChannelRow> {
      const created = await db
        .transaction()
        .execute(async (trx) => {
          const r = await repo.insertChannel(trx, {
            name: input.name,
            gateway_type: input.gateway_type,
            merchant_id: input.merchant_id,
            sign_key: deps.vault.seal(input.keys.sign_key),
            notify_key: input.keys.notify_key && input.keys.notify_key !== '-' ? deps.vault.seal(input.keys.notify_key) : '',
            sign_key_hint: keyHint(input.keys.sign_key),
            notify_key_hint: input.keys.notify_key && input.keys.notify_key !== '-' ? keyHint(input.keys.notify_key) : '',
            methods: JSON.stringify(methodsOf(input.methods)),
            daily_cap: input.daily_cap,
            weight: input.weight,
            notify_ips: JSON.stringify(input.notify_ips),
            state: input.state,
            state_changed_at: now,
            sifang: input.gateway_type === 'sifang' && input.sifang ? JSON.stringify(input.sifang) : '',
            created_at: now,
            updated_at: now,
          });
          const ch = channelOf(r);
          await audit(trx, { adminId: admin.adminId, action: 'payment_channel.create', target: `payment_channel:${ch.id}`, detail: { after: auditView(ch), keys: ['sign_key', ...(r.notify_key ? ['notify_key'] : [])] }, ip, now });
          return ch;
        })
        .catch(nameTaken);
      return (await rows([created], now))[0];
    },

    async update(admin: SessionAdmin, input: PaymentChannelUpdateInput, ip: string, now = Date.now()): Promise<PaymentChannelRow> {
      const before = await found(input.id);
      const set: Updateable<PaymentChannelsTable> = { updated_at: now };
      if (input.name !== undefined) set.name = input.name;
      if (input.gateway_type !== undefined) set.gateway_type = input.gateway_type;
      if (input.merchant_id !== undefined) set.merchant_id = input.merchant_id;
      if (input.methods !== undefined) set.methods = JSON.stringify(methodsOf(input.methods));
      if (input.daily_cap !== undefined) set.daily_cap = input.daily_cap;
      if (input.weight !== undefined) set.weight = input.weight;
      if (input.notify_ips !== undefined) set.notify_ips = JSON.stringify(input.notify_ips);
      if (input.sifang) set.sifang = JSON.stringify(input.sifang);
      const type = input.gateway_type ?? before.gatewayType;
      if (type === 'sifang' && !input.sifang && !before.sifang) refuse(M.sifang);
      if (input.state !== undefined && input.state !== before.state) {
        // an operator's switch: enabling also resumes a paused channel, and failures before now stop counting
        Object.assign(set, { state: input.state, paused_reason: null, paused_at: null, state_changed_at: now });
      }
      const keys: string[] = [];
      if (input.keys?.sign_key) {
        Object.assign(set, { sign_key: deps.vault.seal(input.keys.sign_key), sign_key_hint: keyHint(input.keys.sign_key) });
        keys.push('sign_key');
      }
      if (input.keys?.notify_key === '-') {
        Object.assign(set, { notify_key: '', notify_key_hint: '' });
        keys.push('notify_key');
      } else if (input.keys?.notify_key) {
        Object.assign(set, { notify_key: deps.vault.seal(input.keys.notify_key), notify_key_hint: keyHint(input.keys.notify_key) });
        keys.push('notify_key');
      }
      const after = await db
        .transaction()
        .execute(async (trx) => {
          const r = await repo.updateChannel(trx, input.id, set);
          if (!r) refuse(M.notFound, CODE.notFound);
          const ch = channelOf(r);
          await audit(trx, { adminId: admin.adminId, action: 'payment_channel.update', target: `payment_channel:${ch.id}`, detail: { before: auditView(before), after: auditView(ch), ...(keys.length ? { keys } : {}) }, ip, now });
          return ch;
        })
        .catch(nameTaken);
      return (await rows([after], now))[0];
    },

    /** out of lists and routing; its orders keep it (their notifies are still checked with its key) */
    async remove(admin: SessionAdmin, id: number, ip: string, now = Date.now()): Promise<{ id: number }> {
      const before = await found(id);
      await db.transaction().execute(async (trx) => {
        const r = await repo.updateChannel(trx, id, { deleted_at: now, updated_at: now });
        if (!r) refuse(M.notFound, CODE.notFound);
        await audit(trx, { adminId: admin.adminId, action: 'payment_channel.delete', target: `payment_channel:${id}`, detail: { before: auditView(before) }, ip, now });
      });
      return { id };
    },

    /** the keys in full, for an operator holding payments.channels_reveal; the view itself is audited */
    async reveal(admin: SessionAdmin, id: number, reason: string, ip: string, now = Date.now()): Promise<PaymentChannelKeys> {
      const ch = await found(id);
      const keys = { sign_key: deps.vault.open(ch.record.sign_key), notify_key: ch.record.notify_key ? deps.vault.open(ch.record.notify_key) : '' };
      await audit(db, { adminId: admin.adminId, action: 'payment_channel.reveal', target: `payment_channel:${id}`, detail: { reason, merchant_id: ch.merchantId }, ip, now });
      return keys;
    },

    /** per Beijing day (order creation): orders routed here, how many were credited, the yuan credited */
    async stats(q: PaymentChannelStatsQuery, now = Date.now()): Promise<PaymentChannelStats> {
      const ch = await repo.channel(db, q.id, { includeDeleted: true });
      if (!ch) refuse(M.notFound, CODE.notFound);
      const today = beijingDayNumber(now);
      const to = q.to ? dayNumberOfDate(q.to.slice(0, 10)) : today;
      const from = q.from ? dayNumberOfDate(q.from.slice(0, 10)) : to - (DEFAULT_STATS_DAYS - 1);
      if (from > to) refuse('开始日期不能晚于结束日期');
      if (to - from + 1 > MAX_STATS_DAYS) refuse(`统计区间最多${MAX_STATS_DAYS}天`);
      const found = new Map((await repo.channelDays(db, q.id, beijingDayStartMs(from), beijingDayStartMs(to + 1))).map((d) => [d.day, d]));
      const rate = (paid: number, orders: number) => (orders === 0 ? 0 : Math.round((paid * 10_000) / orders) / 100);
      const days: PaymentChannelDay[] = [];
      const total = { orders: 0, paid: 0, volume: 0 };
      for (let d = from; d <= to; d++) {
        const x = found.get(d) ?? { orders: 0, paid: 0, volume: 0 };
        total.orders += x.orders;
        total.paid += x.paid;
        total.volume += x.volume;
        days.push({ day: dateOfDayNumber(d), orders: x.orders, paid: x.paid, success_rate: rate(x.paid, x.orders), volume: fenToYuan(x.volume) });
      }
      return { id: q.id, from: dateOfDayNumber(from), to: dateOfDayNumber(to), days, total: { orders: total.orders, paid: total.paid, success_rate: rate(total.paid, total.orders), volume: fenToYuan(total.volume) } };
    },
  };
}
export type ChannelAdmin = ReturnType<typeof createChannelAdmin>;
