import { createHash } from 'node:crypto';
import {
  AMOUNT_UNIT_NAMES,
  CHANNEL_COVERAGE_NAMES,
  CHANNEL_CREDENTIAL_NAMES,
  CHANNEL_PAY_TYPES,
  CHANNEL_STATE_NAMES,
  CODE,
  grants,
  KEY_CHANGE_KIND_NAMES,
  KEY_CHANGE_STATUS_NAMES,
  SIGN_TYPE_NAMES,
  type PayMethods,
  type PaymentChannelCoverage,
  type PaymentChannelKeyChange,
  type PaymentChannelKeyChangeList,
  type PaymentChannelKeyChangeListQuery,
  type SifangConfig,
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
import type { Settings } from '../site/index.ts';
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
  /** the cashier's settings and what the channels offer now (the coverage answer) */
  settings(): Promise<Settings>;
  offers(s: Settings): Promise<PayMethods | null>;
}

/**
 * issue 33: a key as the audit log and the approver see it: the first 8 hex digits of its SHA-256
 * ('' for none). Enough to tell two keys apart, nothing to sign with.
 */
export const fingerprint = (key: string) => (key ? createHash('sha256').update(key, 'utf8').digest('hex').slice(0, 8) : '');

/**
 * A channel's credentials as a change records them: the non-secret values, keys as fingerprints.
 * `sifang` (a whole gateway configuration) when the channel had none before or its reading rules change.
 */
interface Credentials {
  gateway_type?: string;
  merchant_id?: string;
  sign_key?: string;
  notify_key?: string;
  order_url?: string;
  query_url?: string;
  notify_ips?: string[];
  sifang?: SifangConfig;
}
const CREDENTIAL_FIELDS = ['gateway_type', 'merchant_id', 'sign_key', 'notify_key', 'order_url', 'query_url', 'notify_ips', 'sifang'] as const;

/** a 四方 configuration without its addresses, keys in a fixed order: equal when notifies are read alike */
function readingRules(c: SifangConfig): string {
  const fields = Object.fromEntries(Object.entries(c.fields ?? {}).sort(([a], [b]) => (a < b ? -1 : 1)));
  return JSON.stringify([c.sign_type, c.amount_unit, c.ack, c.success_status, fields]);
}

/** one credential's value in words, for the approver's screen */
function credentialText(field: string, v: unknown): string {
  if (v === undefined || v === null) return '-';
  if (field === 'sign_key' || field === 'notify_key') return v ? `指纹 ${v as string}` : field === 'notify_key' ? '（无，使用商户密钥）' : '（无）';
  if (field === 'notify_ips') return (v as string[]).length ? (v as string[]).join('、') : '不限';
  if (field === 'gateway_type') return GATEWAY_TYPE_NAMES[v as string] ?? String(v);
  if (field === 'sifang') {
    const c = v as SifangConfig;
    const fields = Object.entries(c.fields ?? {}).filter(([, v]) => v).map(([k, v]) => `${k}=${v}`).join(', ');
    return `签名 ${SIGN_TYPE_NAMES[c.sign_type] ?? c.sign_type} · 金额单位 ${AMOUNT_UNIT_NAMES[c.amount_unit] ?? c.amount_unit} · 成功状态 ${c.success_status} · 应答 ${c.ack} · 字段 ${fields}`;
  }
  return String(v) || '（无）';
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

  function rowOf(ch: Channel, today?: { orders: number; volume: number }, routed = 0, pendingChange: number | null = null): PaymentChannelRow {
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
      approved: r.approved_at !== null,
      pending_key_change: pendingChange,
    };
  }

  async function rows(channels: Channel[], now: number): Promise<PaymentChannelRow[]> {
    const ids = channels.map((c) => c.id);
    const start = beijingDayStartMs(beijingDayNumber(now));
    const [today, routed, pending] = await Promise.all([repo.channelsSpan(db, ids, start, start + 86_400_000), repo.routedOn(db, dayOf(now), ids), repo.pendingKeyChanges(db, ids)]);
    return channels.map((c) => rowOf(c, today.get(c.id), routed.get(c.id) ?? 0, pending.get(c.id) ?? null));
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

  /** a channel's credentials now, keys as fingerprints (the vault opened for the moment) */
  function credentialsOf(ch: Channel): Required<Omit<Credentials, 'sifang'>> {
    const r = ch.record;
    return {
      gateway_type: ch.gatewayType,
      merchant_id: ch.merchantId,
      sign_key: fingerprint(deps.vault.open(r.sign_key)),
      notify_key: r.notify_key ? fingerprint(deps.vault.open(r.notify_key)) : '',
      order_url: ch.sifang?.order_url ?? '',
      query_url: ch.sifang?.query_url ?? '',
      notify_ips: ch.notifyIps,
    };
  }

  /** only holders of payments.channels_keys touch credentials; refused before anything changes */
  const mayChangeKeys = (admin: SessionAdmin) => {
    if (!grants(admin.permissions, 'payments.channels_keys')) refuse(M.keysForbidden, CODE.forbidden);
  };

  /** the fields a change touches, before and after, in words */
  function changeRow(k: Awaited<ReturnType<typeof repo.listKeyChanges>>['rows'][number], asker: number): PaymentChannelKeyChange {
    const after = JSON.parse(k.changes) as Credentials;
    const before = JSON.parse(k.before) as Credentials;
    return {
      id: Number(k.id),
      channel_id: Number(k.channel_id),
      channel_name: k.channel_name ?? '',
      kind: k.kind as 'create' | 'update',
      kind_name: KEY_CHANGE_KIND_NAMES[k.kind] ?? k.kind,
      status: k.status as PaymentChannelKeyChange['status'],
      status_name: KEY_CHANGE_STATUS_NAMES[k.status] ?? k.status,
      changes: CREDENTIAL_FIELDS.filter((f) => f in after).map((f) => ({ field: f, field_name: CHANNEL_CREDENTIAL_NAMES[f], before: k.kind === 'create' ? '-' : credentialText(f, before[f]), after: credentialText(f, after[f]) })),
      proposed_by: k.proposer ?? '',
      proposed_at: toWireTime(Number(k.proposed_at)),
      mine: Number(k.proposed_by) === asker,
      decided_by: k.decider ?? null,
      decided_at: k.decided_at === null ? null : toWireTime(Number(k.decided_at)),
      reason: k.reason,
    };
  }

  return {
    async list(q: PaymentChannelListQuery, now = Date.now()): Promise<PaymentChannelList> {
      const { rows: found, total } = await repo.listChannels(db, { state: q.state, gatewayType: q.gateway_type, paytype: q.paytype, keyword: q.keyword }, q.per_page, (q.page - 1) * q.per_page);
      return { data: await rows(found.map(channelOf), now), total, last_page: Math.max(1, Math.ceil(total / q.per_page)), current_page: q.page, per_page: q.per_page };
    },

    async get(id: number, now = Date.now()): Promise<PaymentChannelRow> {
      return (await rows([await found(id)], now))[0];
    },

    /**
     * issue 33: a new channel carries credentials, so it needs payments.channels_keys, and it is
     * neither routed nor offered until a second operator approves its settings (a pending change
     * of kind create; rejecting it deletes the channel).
     */
    async create(admin: SessionAdmin, input: PaymentChannelCreateInput, ip: string, now = Date.now()): Promise<PaymentChannelRow> {
      mayChangeKeys(admin);
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
            approved_at: null,
          });
          const ch = channelOf(r);
          const creds: Credentials = { ...credentialsOf(ch) };
          if (ch.gatewayType !== 'sifang') {
            delete creds.order_url;
            delete creds.query_url;
          }
          const k = await repo.insertKeyChange(trx, { channel_id: ch.id, kind: 'create', status: 'pending', changes: JSON.stringify(creds), before: '{}', proposed_by: admin.adminId, proposed_at: now });
          await audit(trx, {
            adminId: admin.adminId,
            action: 'payment_channel.create',
            target: `payment_channel:${ch.id}`,
            detail: { after: { ...auditView(ch), sign_key: creds.sign_key, notify_key: creds.notify_key }, keys: ['sign_key', ...(r.notify_key ? ['notify_key'] : [])], change_id: Number(k.id) },
            ip,
            now,
          });
          return ch;
        })
        .catch(nameTaken);
      return (await rows([created], now))[0];
    },

    /**
     * Non-credential fields (name, methods, amounts, daily cap, weight, state) take effect at once.
     * Credentials that differ from the stored ones (gateway type, merchant id, keys, order / query
     * URL, notify allowlist, and how a 四方 notify is read: sign type, amount unit, paid status,
     * acknowledgement, field names) need payments.channels_keys and
     * wait for a second operator (issue 33): the answer's pending_key_change names the change.
     */
    async update(admin: SessionAdmin, input: PaymentChannelUpdateInput, ip: string, now = Date.now()): Promise<{ row: PaymentChannelRow; pending: boolean }> {
      const before = await found(input.id);
      const set: Updateable<PaymentChannelsTable> = { updated_at: now };
      if (input.name !== undefined) set.name = input.name;
      if (input.methods !== undefined) set.methods = JSON.stringify(methodsOf(input.methods));
      if (input.daily_cap !== undefined) set.daily_cap = input.daily_cap;
      if (input.weight !== undefined) set.weight = input.weight;
      const type = input.gateway_type ?? before.gatewayType;
      if (type === 'sifang' && !input.sifang && !before.sifang) refuse(M.sifang);
      if (input.state !== undefined && input.state !== before.state) {
        // an operator's switch: enabling also resumes a paused channel, and failures before now stop counting
        Object.assign(set, { state: input.state, paused_reason: null, paused_at: null, state_changed_at: now });
      }
      // credentials: only what differs from the stored values is a change
      const proposed: Credentials = {};
      const sealed = { sign_key: '', notify_key: '' };
      if (input.gateway_type !== undefined && input.gateway_type !== before.gatewayType) proposed.gateway_type = input.gateway_type;
      if (input.merchant_id !== undefined && input.merchant_id !== before.merchantId) proposed.merchant_id = input.merchant_id;
      if (input.notify_ips !== undefined && JSON.stringify(input.notify_ips) !== JSON.stringify(before.notifyIps)) proposed.notify_ips = input.notify_ips;
      if (input.sifang) {
        if (before.sifang) {
          if (input.sifang.order_url !== before.sifang.order_url) proposed.order_url = input.sifang.order_url;
          if (input.sifang.query_url !== before.sifang.query_url) proposed.query_url = input.sifang.query_url;
          // how a notify is read (sign type, amount unit, the paid status, which field is which) decides
          // what a genuinely signed notify credits: a credential too, the whole configuration proposed
          if (readingRules(input.sifang) !== readingRules(before.sifang)) proposed.sifang = input.sifang;
        } else {
          proposed.sifang = input.sifang;
          proposed.order_url = input.sifang.order_url;
          proposed.query_url = input.sifang.query_url;
        }
      }
      const r = before.record;
      if (input.keys?.sign_key && input.keys.sign_key !== deps.vault.open(r.sign_key)) {
        sealed.sign_key = deps.vault.seal(input.keys.sign_key);
        proposed.sign_key = fingerprint(input.keys.sign_key);
      }
      if (input.keys?.notify_key === '-') {
        if (r.notify_key) proposed.notify_key = '';
      } else if (input.keys?.notify_key && (!r.notify_key || input.keys.notify_key !== deps.vault.open(r.notify_key))) {
        sealed.notify_key = deps.vault.seal(input.keys.notify_key);
        proposed.notify_key = fingerprint(input.keys.notify_key);
      }
      const fields = Object.keys(proposed);
      if (fields.length > 0) {
        mayChangeKeys(admin);
        if (await repo.pendingKeyChangeOf(db, input.id)) refuse(M.keyChangeBusy);
      }
      const current = fields.length > 0 ? credentialsOf(before) : undefined;
      const was: Credentials = current ? Object.fromEntries(fields.filter((f) => f !== 'sifang').map((f) => [f, current[f as keyof typeof current]])) : {};
      if (proposed.sifang && before.sifang) was.sifang = before.sifang;
      const after = await db
        .transaction()
        .execute(async (trx) => {
          const u = await repo.updateChannel(trx, input.id, set);
          if (!u) refuse(M.notFound, CODE.notFound);
          const ch = channelOf(u);
          if (Object.keys(set).length > 1) {
            await audit(trx, { adminId: admin.adminId, action: 'payment_channel.update', target: `payment_channel:${ch.id}`, detail: { before: auditView(before), after: auditView(ch) }, ip, now });
          }
          if (fields.length > 0) {
            const k = await repo.insertKeyChange(trx, { channel_id: ch.id, kind: 'update', status: 'pending', changes: JSON.stringify(proposed), before: JSON.stringify(was), sign_key: sealed.sign_key, notify_key: sealed.notify_key, proposed_by: admin.adminId, proposed_at: now });
            const { sifang, ...shown } = proposed;
            await audit(trx, {
              adminId: admin.adminId,
              action: 'payment_channel.key_change',
              target: `payment_channel:${ch.id}`,
              detail: { change_id: Number(k.id), keys: fields, before: was, after: sifang ? { ...shown, sifang: credentialText('sifang', sifang) } : shown },
              ip,
              now,
            });
          }
          return ch;
        })
        .catch(async (e: unknown) => {
          // two proposals racing: the partial unique index lets one wait
          if (isUniqueViolation(e) && fields.length > 0 && (await repo.pendingKeyChangeOf(db, input.id))) refuse(M.keyChangeBusy);
          return nameTaken(e);
        });
      return { row: (await rows([after], now))[0], pending: fields.length > 0 };
    },

    /** issue 33: changes of channel credentials (default: those waiting), newest first */
    async keyChanges(admin: SessionAdmin, q: PaymentChannelKeyChangeListQuery): Promise<PaymentChannelKeyChangeList> {
      const { rows: found, total } = await repo.listKeyChanges(db, { status: q.status, channelId: q.channel_id }, q.per_page, (q.page - 1) * q.per_page);
      return { data: found.map((k) => changeRow(k, admin.adminId)), total, last_page: Math.max(1, Math.ceil(total / q.per_page)), current_page: q.page, per_page: q.per_page };
    },

    /**
     * issue 33: a second operator (payments.channels_keys, not the proposer) approves a change:
     * its values go onto the channel (a new channel starts being routed), audited with the keys'
     * fingerprints. Exactly one decision wins a race.
     */
    async approveKeyChange(admin: SessionAdmin, id: number, ip: string, now = Date.now()): Promise<PaymentChannelRow> {
      const k = await repo.keyChange(db, id);
      if (!k || k.status !== 'pending') refuse(M.keyChangeNotFound, CODE.notFound);
      if (Number(k.proposed_by) === admin.adminId) refuse(M.keyChangeSelf, CODE.forbidden);
      const ch = await found(Number(k.channel_id));
      const c = JSON.parse(k.changes) as Credentials;
      const set: Updateable<PaymentChannelsTable> = { updated_at: now };
      if (k.kind === 'create') set.approved_at = now;
      else {
        if (c.gateway_type !== undefined) set.gateway_type = c.gateway_type;
        if (c.merchant_id !== undefined) set.merchant_id = c.merchant_id;
        if (c.notify_ips !== undefined) set.notify_ips = JSON.stringify(c.notify_ips);
        const base = c.sifang ?? ch.sifang;
        if (base && (c.sifang || c.order_url !== undefined || c.query_url !== undefined)) set.sifang = JSON.stringify({ ...base, order_url: c.order_url ?? base.order_url, query_url: c.query_url ?? base.query_url });
        if (c.sign_key !== undefined) Object.assign(set, { sign_key: k.sign_key, sign_key_hint: keyHint(deps.vault.open(k.sign_key)) });
        if (c.notify_key !== undefined) Object.assign(set, { notify_key: k.notify_key, notify_key_hint: k.notify_key ? keyHint(deps.vault.open(k.notify_key)) : '' });
      }
      const after = await db.transaction().execute(async (trx) => {
        if (!(await repo.decideKeyChange(trx, id, { status: 'approved', decided_by: admin.adminId, decided_at: now }))) refuse(M.keyChangeNotFound, CODE.notFound);
        const u = await repo.updateChannel(trx, ch.id, set);
        if (!u) refuse(M.notFound, CODE.notFound);
        const { sifang, ...shown } = c;
        await audit(trx, {
          adminId: admin.adminId,
          action: 'payment_channel.key_approve',
          target: `payment_channel:${ch.id}`,
          detail: { change_id: id, kind: k.kind, keys: Object.keys(c), proposed_by: Number(k.proposed_by), before: JSON.parse(k.before) as object, after: sifang ? { ...shown, sifang: credentialText('sifang', sifang) } : shown },
          ip,
          now,
        });
        return channelOf(u);
      });
      return (await rows([after], now))[0];
    },

    /** issue 33: a change refused (the proposer may withdraw their own); a new channel's refusal deletes it */
    async rejectKeyChange(admin: SessionAdmin, id: number, reason: string, ip: string, now = Date.now()): Promise<{ id: number }> {
      const k = await repo.keyChange(db, id);
      if (!k || k.status !== 'pending') refuse(M.keyChangeNotFound, CODE.notFound);
      await db.transaction().execute(async (trx) => {
        if (!(await repo.decideKeyChange(trx, id, { status: 'rejected', decided_by: admin.adminId, decided_at: now, reason }))) refuse(M.keyChangeNotFound, CODE.notFound);
        if (k.kind === 'create') await repo.updateChannel(trx, Number(k.channel_id), { deleted_at: now, updated_at: now });
        await audit(trx, { adminId: admin.adminId, action: 'payment_channel.key_reject', target: `payment_channel:${Number(k.channel_id)}`, detail: { change_id: id, kind: k.kind, keys: Object.keys(JSON.parse(k.changes) as object), reason }, ip, now });
      });
      return { id };
    },

    /**
     * issue 34: online methods the cashier settings switch on that members do not see now, because
     * channels exist and none (enabled and approved) serves the method, or their caps are used up
     */
    async coverage(): Promise<PaymentChannelCoverage> {
      const s = await deps.settings();
      const offers = await deps.offers(s);
      if (!offers) return { channels_active: false, hidden: [] };
      const live = (await repo.liveChannels(db)).map(channelOf).filter((c) => c.state === 'enabled');
      const hidden = CHANNEL_PAY_TYPES.filter((t) => s.pay_methods[t]?.on === 1 && !offers[t]).map((t) => {
        const why = live.some((c) => c.methods.some((m) => m.paytype === t)) ? ('cap_used' as const) : ('no_channel' as const);
        return { paytype: t, paytype_name: PAY_TYPE_NAMES[t] ?? t, why, why_name: CHANNEL_COVERAGE_NAMES[why] };
      });
      return { channels_active: true, hidden };
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
