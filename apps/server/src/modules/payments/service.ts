import { randomInt } from 'node:crypto';
import {
  BONUS_PERCENTS,
  CODE,
  DEPOSIT_EXPIRY_MINUTES,
  fenToYuan,
  formatYuan,
  MANUAL_PAY_TYPES,
  PAY_MSG,
  PAY_TYPE_NAMES,
  rechargeSchema,
  type OrderStatus,
  type PayInfo,
  type PayType,
  type RechargeInput,
  type DepositStatus,
  type PayWaysReply,
  type PayMethods,
  PAYMENT_CHANNEL_MSG,
  RISK_MSG,
} from '@casino/contract';
import type { AppContext } from '../../context.ts';
import type { GatewayOrder, PaymentGateway, PaymentRegistry } from '../../adapters/payments/index.ts';
import type { DB, Deposit } from '../../db/schema.ts';
import type { Kysely, Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/errors.ts';
import { refuse } from '../../http/envelope.ts';
import { blocksPromotions, refuseIfNoPromo, riskLevelOf } from '../risk/index.ts'; // issue 36: 限制优惠
import { parse } from '../../http/validate.ts';
import { toWireTime } from '../../lib/time.ts';
import type { Settings, SiteService } from '../site/index.ts';
import { creditOrder } from './credit.ts';
import { methodList, methodListOf, openMethods, openMethodsVia, payFlags } from './methods.ts';
import { notifyIpAllowed, type PaymentChannels } from '../payment-channels/index.ts'; // issue 21
import { claimNotify } from './replay.ts'; // issue 21: notify replays
import { qrDataUrl as qr } from './qr.ts';
import * as repo from './repo.ts';
import { memberPhase, NOTIFIABLE, recordState } from './states.ts';

export interface PaymentsDeps {
  site: SiteService;
  registry: PaymentRegistry;
  /** whether the member has bound a bank card or USDT address (cards module) */
  hasAnyCard(memberId: number): Promise<boolean>;
  /**
   * origin every absolute URL handed out starts with: PUBLIC_URL, else the origin the member's
   * request reached (issue 33; `requestOrigin`, checked by http/site-url.ts), else (no request, or
   * one without a usable Host) our own listening address
   */
  publicBase(requestOrigin?: string | null): string;
  /** issue 22: creates the order only within the member's deposit limits and outside a break (responsible module) */
  refuseDepositOnBreak?: (memberId: number) => Promise<void>;
  withinDepositLimit?: <T>(memberId: number, amount: number, now: number, insert: (trx: Transaction<DB>) => Promise<T>) => Promise<T>;
  /** issue 21: payment channels; while none exists, online orders go through `payment_gateway` as before */
  channels?: PaymentChannels;
}

/** at most this many unpaid orders per member within the expiry window */
const MAX_PENDING = 5;
const EXPIRY_MS = DEPOSIT_EXPIRY_MINUTES * 60_000;
/** ages (minutes) at which a still-pending online order is asked of its gateway, the last just before expiry */
const QUERY_AT_MINUTES = [2, 5, 15, 30, 58];
/** orders asked per age window and run */
const QUERY_BATCH = 200;

/** D + Beijing yyyyMMddHHmmss + 6 random digits; unique by the column's constraint (retried on a clash) */
function newDepositNo(now: number): string {
  return `D${toWireTime(now).replace(/\D/g, '')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** RMB per USDT as integer ten-thousandths, and USDT cents of an amount (floored, spec section 9) */
function usdtOf(fen: number, rate: number) {
  const scaled = Math.round(rate * 10_000);
  if (!(scaled > 0)) return null;
  return { rate: (scaled / 10_000).toString(), cents: Math.floor((fen * 10_000) / scaled) };
}

/** repeat (issue 21): the notify id was seen before, so nothing was processed again */
export type NotifyAnswer = { ack: true; body: string; repeat?: boolean } | { ack: false; status: number; body: string };

export function createPaymentsService(ctx: AppContext, deps: PaymentsDeps) {
  const { db } = ctx;
  const createLimit = ctx.limiter({ name: 'deposit_create', points: 30, durationSec: 60 * 60 });

  async function insertOrder(row: Omit<Parameters<typeof repo.insertDeposit>[1], 'deposit_no'>): Promise<Deposit> {
    for (let attempt = 0; ; attempt++) {
      try {
        const insert = async (q: Kysely<DB> | Transaction<DB>) => {
          // again under the member's lock (withinDepositLimit): checked only before it, twenty
          // orders sent at once all passed five and made nine unpaid orders on PostgreSQL
          if ((await repo.pendingCount(q, row.member_id, row.created_at - EXPIRY_MS)) >= MAX_PENDING) refuse(PAY_MSG.tooManyPending);
          return repo.insertDeposit(q, { ...row, deposit_no: newDepositNo(row.created_at) });
        };
        return await (deps.withinDepositLimit ? deps.withinDepositLimit(row.member_id, row.amount, row.created_at, insert) : insert(db));
      } catch (e) {
        if (!isUniqueViolation(e) || attempt >= 4) throw e;
      }
    }
  }

  async function createManual(memberId: number, input: RechargeInput, now: number): Promise<Deposit> {
    const s = await deps.site.settings();
    const isUsdt = input.paytype === 'usdtpay';
    const account = await repo.takeNextAccount(db, isUsdt ? 'usdt' : 'bank', now, isUsdt ? input.catepay : undefined);
    if (!account) refuse(PAY_MSG.noReceivingAccount);
    const usdt = isUsdt ? usdtOf(input.amount, Number(s.usdtrate)) : null;
    if (isUsdt && !usdt) refuse(PAY_MSG.payTypeClosed);
    return insertOrder({
      member_id: memberId,
      paytype: input.paytype,
      kind: 'manual',
      status: 'pending',
      amount: input.amount,
      bonus_percent: input.bonusPercent,
      bank_owner: input.bank_owner,
      bank: input.bank,
      bank_no: input.bank_no,
      bank_address: input.bank_address,
      usdt_protocol: input.catepay,
      usdt_rate: usdt?.rate ?? '',
      usdt_cents: usdt?.cents ?? null,
      receiving_account_id: account.id,
      receiving: JSON.stringify({ bank_name: account.bank_name, bank_owner: account.bank_owner, bank_no: account.bank_no, bank_address: account.bank_address }),
      created_at: now,
      expires_at: now + EXPIRY_MS,
    });
  }

  /**
   * issue 21: an online order through the payment channels: routed by weight among the eligible
   * ones, the next one tried when a gateway refuses. The order's channel is written before its
   * gateway is called, so its notify is checked with that channel's key whatever happens next.
   */
  async function createViaChannels(channels: PaymentChannels, memberId: number, input: RechargeInput, now: number, origin?: string | null): Promise<{ deposit: Deposit; url: string }> {
    const d = await insertOrder({
      member_id: memberId,
      paytype: input.paytype,
      kind: 'online',
      status: 'pending',
      amount: input.amount,
      bonus_percent: input.bonusPercent,
      created_at: now,
      expires_at: now + EXPIRY_MS,
    });
    const outcome = await channels.routing.route({ paytype: input.paytype, amount: d.amount, now }, async (channel, gateway) => {
      // inside: our own address is unknown until the server listens
      const base = deps.publicBase(origin);
      await repo.setChannel(db, d.deposit_no, channel.id, gateway.name);
      const created = await gateway.createOrder({
        merchantOrderNo: d.deposit_no,
        amount: d.amount,
        payType: d.paytype,
        notifyUrl: `${base}/pay/notify/ch/${channel.id}`,
        returnUrl: `${base}/#/recharge?orderNo=${d.deposit_no}`,
      });
      await repo.setGatewayOrder(db, d.deposit_no, gateway.name, created.gatewayOrderNo || null, created.cashierUrl);
      return created;
    });
    if (!outcome.ok) {
      // no channel holds it: each refusal is counted as that channel's failure, not as its order
      await repo.transition(db, d.deposit_no, ['pending'], { status: 'failed', channel_id: null, review_reason: outcome.why === 'none' ? '没有可用的支付通道' : '支付通道下单失败', decided_at: Date.now() });
      refuse(outcome.why === 'none' ? PAYMENT_CHANNEL_MSG.noChannelForAmount : PAY_MSG.gatewayBusy);
    }
    return { deposit: { ...d, channel_id: outcome.routed.channel.id }, url: outcome.routed.result.cashierUrl };
  }

  async function createOnline(memberId: number, input: RechargeInput, now: number, origin?: string | null): Promise<{ deposit: Deposit; url: string }> {
    if (deps.channels && (await deps.channels.routing.active())) return createViaChannels(deps.channels, memberId, input, now, origin);
    const s = await deps.site.settings();
    const gateway = deps.registry.get(s.payment_gateway);
    if (!gateway) refuse(PAY_MSG.gatewayBusy);
    const d = await insertOrder({
      member_id: memberId,
      paytype: input.paytype,
      kind: 'online',
      status: 'pending',
      amount: input.amount,
      bonus_percent: input.bonusPercent,
      gateway: gateway.name,
      created_at: now,
      expires_at: now + EXPIRY_MS,
    });
    try {
      // inside: our own address is unknown until the server listens
      const base = deps.publicBase(origin);
      const created = await gateway.createOrder({
        merchantOrderNo: d.deposit_no,
        amount: d.amount,
        payType: d.paytype,
        notifyUrl: `${base}/pay/notify/${gateway.name}`,
        returnUrl: `${base}/#/recharge?orderNo=${d.deposit_no}`,
      });
      await repo.setGatewayOrder(db, d.deposit_no, gateway.name, created.gatewayOrderNo || null, created.cashierUrl);
      return { deposit: d, url: created.cashierUrl };
    } catch (err) {
      ctx.log.warn({ err: String(err), deposit: d.deposit_no }, 'payment gateway refused an order');
      await repo.transition(db, d.deposit_no, ['pending'], { status: 'failed', review_reason: '支付通道下单失败', decided_at: Date.now() });
      refuse(PAY_MSG.gatewayBusy);
    }
  }

  /**
   * What the gateway says of an order, applied once in one transaction: paid at or before the
   * deadline for the exact amount -> credited (from pending or expired); paid otherwise ->
   * review with the reason; failed -> failed (from pending). Anything else changes nothing.
   */
  async function apply(gatewayName: string, d: Deposit, n: GatewayOrder, now: number, claim?: (trx: Kysely<DB>) => Promise<boolean>): Promise<boolean> {
    // read before the transaction: inside it, every statement goes through the transaction's own connection
    const settings = await deps.site.settings();
    const paid = n.paidAmount ?? 0;
    const paidAt = n.paidAt ?? now;
    let failed = false;
    const processed = await db.transaction().execute(async (trx) => {
      // issue 21: a notify id seen before is not processed again (replay.ts)
      if (claim && !(await claim(trx))) return false;
      if (n.state === 'failed') {
        failed = (await repo.transition(trx, d.deposit_no, ['pending'], { status: 'failed', decided_at: now })) !== undefined;
        return true;
      }
      if (n.state !== 'paid' || n.paidAmount === null) return true;
      const late = paidAt > d.expires_at;
      if (late || paid !== d.amount || n.amount !== d.amount) {
        const reason = late
          ? `订单过期后支付（支付时间 ${toWireTime(paidAt)}），实付 ${formatYuan(fenToYuan(paid), true)} 元`
          : `实付金额 ${formatYuan(fenToYuan(paid), true)} 元与订单金额 ${formatYuan(fenToYuan(d.amount), true)} 元不符`;
        await repo.transition(trx, d.deposit_no, NOTIFIABLE, { status: 'review', paid_amount: paid, paid_at: paidAt, review_reason: reason });
        return true;
      }
      await creditOrder(trx, settings, d, { amount: paid, from: NOTIFIABLE, now, by: `gateway:${gatewayName}`, set: { paid_amount: paid, paid_at: paidAt } });
      return true;
    });
    // a failed payment will not be paid: its channel's day gets the amount back
    if (failed && d.channel_id !== null) await deps.channels?.routing.release(d.channel_id, d.created_at, d.amount);
    return processed;
  }

  /** issue 21: the adapter an order was made with: its channel's, else the legacy gateway's by name */
  async function gatewayFor(d: Deposit): Promise<PaymentGateway | undefined> {
    if (d.channel_id !== null && deps.channels) {
      const ch = await deps.channels.channel(d.channel_id);
      return ch ? deps.channels.routing.gatewayOf(ch) : undefined;
    }
    return d.gateway ? deps.registry.get(d.gateway) : undefined;
  }

  /** issue 21: the methods open now: through the channels when any exists, else as before */
  async function openNow(s: Settings): Promise<PayMethods> {
    const offers = deps.channels ? await deps.channels.routing.offers(s) : null;
    return offers ? openMethodsVia(s, offers) : openMethods(s, hasGateway(s));
  }

  /** the claim of a verified notify's id within `scope` (ch:<id> or gw:<name>) */
  const claimOf = (scope: string, notifyId: string | undefined, now: number) => (notifyId ? (trx: Kysely<DB>) => claimNotify(trx, scope, notifyId, now) : undefined);

  /**
   * issue 23 (metrics): how long after the member paid (the gateway's time, else the order's
   * creation) a paid order was processed here; only the first time it moves, never for repeats
   */
  function observeLag(source: 'notify' | 'query', d: Deposit, n: GatewayOrder) {
    if (!ctx.metrics || n.state !== 'paid' || !NOTIFIABLE.includes(d.status as DepositStatus)) return;
    ctx.metrics.notifyProcessed(source, Math.max(0, Date.now() - (n.paidAt ?? d.created_at)) / 1000);
  }

  const hasGateway = (s: Settings) => deps.registry.get(s.payment_gateway) !== undefined;

  /** /payInfo's receiving account (or an online order's cashier), one labelled line per field */
  function cardLines(d: Deposit): PayInfo['cardlines'] {
    if (d.kind === 'online') return d.cashier_url ? [{ mch_id: '支付链接', content: d.cashier_url, payimg: d.cashier_url }] : [];
    if (!d.receiving) return [];
    const r = JSON.parse(d.receiving) as { bank_name: string; bank_owner: string; bank_no: string; bank_address: string };
    if (d.paytype === 'usdtpay') return [{ mch_id: `USDT-${r.bank_name}地址`, content: r.bank_no, payimg: r.bank_no }];
    return [
      { mch_id: '收款银行', content: r.bank_name, payimg: '' },
      { mch_id: '收款人', content: r.bank_owner, payimg: '' },
      { mch_id: '收款账号', content: r.bank_no, payimg: '' },
      { mch_id: '开户行地址', content: r.bank_address, payimg: '' },
    ];
  }

  /**
   * The original front-end's cardlist (issue 19): one object whose payimg it shows as an image
   * and, for usdtpay, mch_id as the address and content as the protocol. A QR code (PNG data
   * URL) of the address or of the cashier link, so a client that ignored the recharge reply's
   * data.url still finds where to pay.
   */
  async function cardListOf(d: Deposit, lines: PayInfo['cardlines']): Promise<PayInfo['cardlist']> {
    const name = PAY_TYPE_NAMES[d.paytype as PayType] ?? d.paytype;
    if (d.kind === 'online') return d.cashier_url ? { mch_id: d.cashier_url, content: name, payimg: await qr(d.cashier_url) } : { mch_id: '', content: name, payimg: '' };
    if (!d.receiving) return { mch_id: '', content: name, payimg: '' };
    const r = JSON.parse(d.receiving) as { bank_name: string; bank_owner: string; bank_no: string; bank_address: string };
    if (d.paytype === 'usdtpay') return { mch_id: r.bank_no, content: r.bank_name, payimg: await qr(r.bank_no) };
    return { mch_id: r.bank_no, content: lines.map((l) => l.content).join(' '), payimg: '' };
  }

  return {
    async payWays(memberId: number): Promise<PayWaysReply & Record<string, unknown>> {
      const [s, level] = await Promise.all([deps.site.settings(), riskLevelOf(db, memberId)]);
      const list = methodListOf(await openNow(s));
      // issue 36: a 限制优惠 member is offered no bonus choice (recharge refuses one anyway), so the
      // form shows a line instead of choices that would only meet a refusal
      // the spec's flags per method (1 open; also under the original front-end's names), with each
      // method's rule and the bonus terms for the form
      return {
        ...payFlags(list),
        methods: list,
        bonus: {
          deposit_multiple: s.deposit_turnover_multiple,
          multiples: s.deposit_bonus_multiples,
          daily_cap: s.deposit_bonus_daily_cap,
          percents: blocksPromotions(level) ? [] : BONUS_PERCENTS.filter((p) => p > 0),
        },
        usdt_rate: Number(s.usdtrate),
      };
    },

    async payRange(type: PayType) {
      const s = await deps.site.settings();
      const m = (await openNow(s))[type];
      if (!m) refuse(PAY_MSG.payTypeClosed);
      return { min_price: m.min, max_price: m.max, amounts: m.amounts };
    },

    async receivingBanks() {
      return (await repo.enabledAccounts(db, 'bank')).map((a) => ({ bank_no: a.bank_no, bank_owner: a.bank_owner, bank_data: { bank_name: a.bank_name }, bank_address: a.bank_address }));
    },

    /**
     * POST /api/recharge. Order of refusals: no bound card (the page's own notice), then the
     * schema's rules in the spec's order, then too many unpaid orders and the hourly limit.
     */
    async recharge(memberId: number, body: unknown, origin?: string | null): Promise<{ deposit: Deposit; url?: string }> {
      await deps.refuseDepositOnBreak?.(memberId); // issue 22: a break closes deposits first of all
      if (!(await deps.hasAnyCard(memberId))) refuse(PAY_MSG.noCard);
      const s = await deps.site.settings();
      const input = parse(rechargeSchema(await openNow(s)), body);
      // issue 36: a 限制优惠 member is refused a deposit bonus (the order without one is open)
      if (input.bonusPercent > 0) await refuseIfNoPromo(db, memberId, RISK_MSG.noDepositBonus);
      const now = Date.now();
      if ((await repo.pendingCount(db, memberId, now - EXPIRY_MS)) >= MAX_PENDING) refuse(PAY_MSG.tooManyPending);
      await createLimit.hit(String(memberId));
      if (MANUAL_PAY_TYPES.includes(input.paytype)) return { deposit: await createManual(memberId, input, now) };
      return createOnline(memberId, input, now, origin);
    },

    async payInfo(memberId: number, depositNo: string): Promise<{ kind: string; info: PayInfo }> {
      const d = await repo.memberDeposit(db, memberId, depositNo);
      if (!d) refuse(PAY_MSG.orderNotFound, CODE.notFound);
      const lines = cardLines(d);
      return {
        kind: d.paytype,
        info: {
          deposit_no: d.deposit_no,
          info: {
            created_at: toWireTime(d.created_at),
            expires_at: toWireTime(d.expires_at),
            paytype: d.paytype as PayType,
            paytype_name: PAY_TYPE_NAMES[d.paytype as PayType] ?? d.paytype,
            amount: fenToYuan(d.amount),
            usdt_rate: d.usdt_rate ? Number(d.usdt_rate) : null,
            usdt_amount: d.usdt_cents === null ? null : fenToYuan(Number(d.usdt_cents)),
            state: recordState(d.status),
            bonus_percent: Number(d.bonus_percent),
            ...memberPhase(d, Date.now()), // issue 34
          },
          url: d.kind === 'online' ? d.cashier_url : null,
          cardlist: await cardListOf(d, lines),
          cardlines: lines,
        },
      };
    },

    async orderStatus(memberId: number, depositNo: string): Promise<OrderStatus> {
      const d = await repo.memberDeposit(db, memberId, depositNo);
      if (!d) refuse(PAY_MSG.orderNotFound, CODE.notFound);
      return {
        orderNo: d.deposit_no,
        state: recordState(d.status),
        status: d.status as DepositStatus,
        amount: fenToYuan(Number(d.credited_amount ?? d.paid_amount ?? d.amount)),
        ...memberPhase(d, Date.now()), // issue 34
      };
    },

    /**
     * POST /pay/notify/<gateway>: signature on the raw bytes first; then, in one transaction,
     * the order moves once (paid -> credited, or to review when the amount differs or it was
     * paid after its deadline; failed -> failed). Every valid notify, repeats included, gets the
     * gateway's literal acknowledgement; anything else credits nothing.
     */
    async notify(gatewayName: string, rawBody: string, headers: Record<string, string | string[] | undefined>, now = Date.now()): Promise<NotifyAnswer> {
      const gateway = deps.registry.get(gatewayName);
      if (!gateway) return { ack: false, status: 404, body: 'unknown gateway' };
      const v = gateway.verifyNotify(rawBody, headers, now);
      if (!v.ok) {
        ctx.log.warn({ gateway: gatewayName, problem: v.problem }, 'payment notify refused');
        return { ack: false, status: v.problem === 'malformed' ? 400 : 401, body: 'fail' };
      }
      const n = v.order;
      const d = await repo.depositByNo(db, n.merchantOrderNo);
      // issue 21: an order routed to a channel is notified at its channel's address only
      if (!d || d.kind !== 'online' || d.channel_id !== null || d.gateway !== gateway.name || (d.gateway_order_no !== null && d.gateway_order_no !== n.gatewayOrderNo)) {
        ctx.log.warn({ gateway: gatewayName, order: n.merchantOrderNo }, 'payment notify for an unknown order');
        return { ack: false, status: 404, body: 'fail' };
      }
      const processed = await apply(gateway.name, d, n, now, claimOf(`gw:${gateway.name}`, v.notifyId, now));
      if (processed) observeLag('notify', d, n);
      return { ack: true, body: gateway.ack, repeat: !processed };
    },

    /**
     * issue 21: POST /pay/notify/ch/<channel id>: from the channel's notify addresses (when it
     * lists any), signed with that channel's key, about an order routed to that channel; then as
     * the legacy notify (one move of the order, the literal acknowledgement to every valid repeat).
     */
    async notifyChannel(channelId: number, rawBody: string, headers: Record<string, string | string[] | undefined>, ip: string, now = Date.now()): Promise<NotifyAnswer> {
      const ch = deps.channels ? await deps.channels.channel(channelId) : undefined;
      if (!ch || !deps.channels) return { ack: false, status: 404, body: 'fail' };
      if (!notifyIpAllowed(ch.notifyIps, ip)) {
        ctx.log.warn({ channel: channelId, ip }, 'payment notify from an address the channel does not list');
        return { ack: false, status: 403, body: 'fail' };
      }
      const gateway = deps.channels.routing.gatewayOf(ch);
      const v = gateway.verifyNotify(rawBody, headers, now);
      if (!v.ok) {
        ctx.log.warn({ channel: channelId, problem: v.problem }, 'payment notify refused');
        return { ack: false, status: v.problem === 'malformed' ? 400 : 401, body: 'fail' };
      }
      const n = v.order;
      const d = await repo.depositByNo(db, n.merchantOrderNo);
      if (!d || d.kind !== 'online' || d.channel_id !== ch.id || (d.gateway_order_no && n.gatewayOrderNo && d.gateway_order_no !== n.gatewayOrderNo)) {
        ctx.log.warn({ channel: channelId, order: n.merchantOrderNo }, 'payment notify for an order of another channel, or none');
        return { ack: false, status: 404, body: 'fail' };
      }
      const processed = await apply(gateway.name, d, n, now, claimOf(`ch:${ch.id}`, v.notifyId, now));
      if (processed) observeLag('notify', d, n);
      return { ack: true, body: gateway.ack, repeat: !processed };
    },

    /**
     * The job beside the notify (a merchant's 主动查询), every minute: online orders still pending
     * at the ages of QUERY_AT_MINUTES are asked of their gateway (each a few times, so abandoned
     * orders never crowd out newer ones); a paid or failed one is applied exactly as its notify
     * would be. Covers a notify that never arrives.
     */
    async queryPending(now = Date.now()): Promise<number> {
      const due = (
        await Promise.all(QUERY_AT_MINUTES.map((m) => repo.pendingOnlineCreated(db, now - (m + 1) * 60_000, now - m * 60_000, QUERY_BATCH)))
      ).flat();
      let applied = 0;
      for (const d of due) {
        try {
          const gateway = await gatewayFor(d);
          if (!gateway) continue;
          const n = await gateway.queryOrder(d.deposit_no);
          if (n.merchantOrderNo !== d.deposit_no || (d.gateway_order_no && n.gatewayOrderNo && n.gatewayOrderNo !== d.gateway_order_no)) continue;
          if (n.state !== 'pending') {
            await apply(gateway.name, d, n, now);
            observeLag('query', d, n);
            applied++;
          }
        } catch (err) {
          ctx.log.warn({ err: String(err), deposit: d.deposit_no }, 'payment gateway query failed');
        }
      }
      return applied;
    },

    usernameOf: (memberId: number) => repo.usernameOf(db, memberId),

    /** the expiry job: unpaid orders past their hour (a channel's gets its amount back for the day) */
    async expire(now = Date.now()): Promise<number> {
      const expired = await repo.expireDue(db, now);
      for (const e of expired) if (e.channel_id !== null) await deps.channels?.routing.release(Number(e.channel_id), Number(e.created_at), Number(e.amount));
      return expired.length;
    },

    /** for tests and operators: ask the gateway what it knows of an order */
    async gatewayOrder(depositNo: string) {
      const d = await repo.depositByNo(db, depositNo);
      const gateway = d ? await gatewayFor(d) : undefined;
      return gateway && d ? gateway.queryOrder(d.deposit_no) : undefined;
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
