import { randomInt } from 'node:crypto';
import {
  ADMIN_MEMBER_MSG,
  CODE,
  fenToYuan,
  MEMBER_RECORD_KINDS,
  type AdminMemberRow,
  type Member360,
  type MemberRecordKind,
  type MemberSearchInput,
  type MemberVenueBalances,
} from '@casino/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/index.ts';
import type { SessionAdmin } from '../../http/auth.ts';
import { refuse } from '../../http/envelope.ts';
import { toWireTime } from '../../lib/time.ts';
import { hashPassword } from '../accounts/index.ts';
import { audit } from '../audit/index.ts';
import { beijingInstant } from '../../lib/time.ts';
import type { CardVault } from '../cards/index.ts';
import type { Catalogue } from '../catalogue/index.ts';
import { sendToMember } from '../inbox/index.ts';
import type { Transfers } from '../transfers/index.ts';
import * as turnover from '../turnover/index.ts';
import { asRiskLevel, riskLevelHistory } from '../risk/index.ts';
import { wallet } from '../wallet/index.ts';
import { memberRecords } from './records.ts';
import * as repo from './repo.ts';

export interface MemberDeskDeps {
  transfers: Transfers;
  catalogue: Catalogue;
  vault: CardVault;
}

interface Meta {
  ip: string;
}

const maskMobile = (m: string) => (m.length >= 7 ? `${m.slice(0, 3)}****${m.slice(-4)}` : m ? '****' : '');
const maskCard = (last4: string) => `**** **** **** ${last4}`;
const PASSWORD_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';
/** a new login password: 10 characters, letters and digits (6-32 is the member rule) */
function randomPassword(): string {
  let out = '';
  while (!/[A-Za-z]/.test(out) || !/\d/.test(out)) out = Array.from({ length: 10 }, () => PASSWORD_CHARS[randomInt(PASSWORD_CHARS.length)]).join('');
  return out;
}
const randomPayPassword = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * Members for operators: search, the 360 view and the actions on a member. Every action names
 * a reason and is audited (target member:<id>) in the transaction that makes the change.
 */
export function createMemberDesk(ctx: AppContext, deps: MemberDeskDeps) {
  const { db } = ctx;

  async function memberOf(username: string) {
    const m = await repo.memberByUsername(db, username.toLowerCase());
    if (!m) refuse(ADMIN_MEMBER_MSG.notFound, CODE.notFound);
    return m;
  }

  function row(m: repo.SearchRow, agent?: { username: string; code: string }): AdminMemberRow {
    return {
      id: m.id,
      username: m.username,
      realname: m.realname,
      mobile: maskMobile(m.mobile),
      vip: m.vip,
      status: m.status === 1 ? 1 : 0,
      realname_verified: m.realname_verified === 1 ? 1 : 0,
      referrer: m.referrer_pid,
      agent: agent ? { username: agent.username, code: agent.code } : null,
      balance: fenToYuan(m.balance),
      created_at: toWireTime(m.created_at),
      last_login_at: m.last_login_at ? toWireTime(m.last_login_at) : null,
      last_login_ip: m.last_login_ip,
      risk_level: asRiskLevel(m.risk_level), // issue 36
    };
  }

  /** one audited change on a member, in one transaction */
  async function act<T>(admin: SessionAdmin, meta: Meta, member: { id: number; username: string }, action: string, work: (trx: Kysely<DB>) => Promise<{ detail: Record<string, unknown>; result: T }>) {
    return db.transaction().execute(async (trx) => {
      const { detail, result } = await work(trx);
      await audit(trx, { adminId: admin.adminId, action, target: `member:${member.id}`, detail: { username: member.username, ...detail }, ip: meta.ip });
      return result;
    });
  }

  return {
    async search(f: MemberSearchInput) {
      const from = f.registered_from ? beijingInstant(f.registered_from) : undefined;
      const to = f.registered_to ? beijingInstant(f.registered_to, true) : undefined;
      if (from !== undefined && to !== undefined && from >= to) refuse('开始时间不能晚于结束时间');
      const { rows, total, estimated } = await repo.search(db, f, { registeredFrom: from, registeredTo: to });
      const agents = await repo.currentAgents(db, rows.map((r) => r.id));
      return { data: rows.map((r) => row(r, agents.get(r.id))), total, last_page: Math.max(1, Math.ceil(total / f.per_page)), current_page: f.page, per_page: f.per_page, ...(estimated ? { total_estimated: true as const } : {}) };
    },

    async get(username: string): Promise<Member360> {
      const m = await memberOf(username);
      const [balances, remaining, cards, sessions, agents, referred, notes, riskHistory] = await Promise.all([
        wallet.memberBalances(db, m.id),
        turnover.remaining(db, m.id),
        repo.cards(db, m.id),
        repo.sessions(db, m.id),
        repo.currentAgents(db, [m.id]),
        repo.referred(db, m),
        repo.notes(db, m.id),
        riskLevelHistory(db, m.id), // issue 36
      ]);
      // issue 34 point 7: the referrer is the agent the member belongs to now (a code names an
      // agent, not a username); a code that names no agent is looked up as a username or number
      const agent = agents.get(m.id);
      const referrer = agent ? { id: agent.member_id, username: agent.username, code: agent.code } : m.referrer_pid ? await repo.referrerOf(db, m.referrer_pid) : undefined;
      return {
        profile: {
          ...row({ ...m, balance: balances.central }, agent),
          email: m.email,
          birthday: m.birthday,
          register_ip: m.register_ip,
          // cumulative deposits are kept in fen like every amount (issue 25: this was answered unconverted)
          paysum: fenToYuan(m.paysum),
          transferstatus: m.transferstatus,
        },
        turnover_remaining: fenToYuan(remaining),
        risk_history: riskHistory,
        balances: { central: fenToYuan(balances.central), withdraw_hold: fenToYuan(balances.withdraw_hold), transit: fenToYuan(balances.transit) },
        cards: cards.map((c) => ({
          id: c.id,
          type: c.type === 2 ? 2 : 1,
          bank: c.bank,
          bank_owner: c.bank_owner,
          bank_no: maskCard(c.bank_no_last4),
          created_at: toWireTime(c.created_at),
          deleted_at: c.deleted_at ? toWireTime(c.deleted_at) : null,
        })),
        sessions: sessions.map((s) => ({ created_at: toWireTime(s.created_at), last_seen_at: toWireTime(s.last_seen_at), ip: s.ip, device: s.user_agent })),
        referrer: referrer ? { id: referrer.id, username: referrer.username, ...('code' in referrer ? { code: referrer.code } : {}) } : null,
        referred: { total: referred.total, recent: referred.recent.map((r) => ({ username: r.username, created_at: toWireTime(r.created_at) })) },
        notes: notes.map((n) => ({ id: n.id, operator: n.operator, content: n.content, created_at: toWireTime(n.created_at) })),
        record_kinds: [...MEMBER_RECORD_KINDS],
      };
    },

    /** Central wallet, hold and transit from the ledger; each venue as it answers now (a slow one: its last figure, live false). */
    async balances(username: string): Promise<MemberVenueBalances> {
      const m = await memberOf(username);
      const [own, venues, read] = await Promise.all([wallet.memberBalances(db, m.id), deps.catalogue.venues(), deps.transfers.readBalances(m.id)]);
      const staleProviders = new Set(read.stale);
      return {
        central: fenToYuan(own.central),
        withdraw_hold: fenToYuan(own.withdraw_hold),
        transit: fenToYuan(own.transit),
        venues: venues
          .filter((v) => v.listed === 1 || (read.balances.get(v.platform) ?? 0) > 0)
          .map((v) => ({ platform: v.platform, name: v.name, balance: fenToYuan(read.balances.get(v.platform) ?? 0), live: !staleProviders.has(v.provider), ...(v.mode === 'seamless' ? { seamless: true as const } : {}) })),
      };
    },

    async records(username: string, kind: MemberRecordKind, page: number, perPage: number) {
      const m = await memberOf(username);
      const venues = ['ledger', 'transfers', 'bets', 'rebates'].includes(kind) ? await deps.catalogue.venues() : [];
      const { data, total } = await memberRecords(db, m.id, kind, page, perPage, { username: m.username, venue: (p) => venues.find((v) => v.platform === p)?.name });
      return { data, total, last_page: Math.max(1, Math.ceil(total / perPage)), current_page: page, per_page: perPage };
    },

    /** The full card number, for an operator holding cards.reveal; the view itself is audited. */
    async revealCard(admin: SessionAdmin, username: string, cardId: number, reason: string, meta: Meta) {
      const m = await memberOf(username);
      const card = await repo.card(db, m.id, cardId);
      if (!card) refuse(ADMIN_MEMBER_MSG.cardNotFound, CODE.notFound);
      return act(admin, meta, m, 'card.reveal', async () => ({
        detail: { card_id: card.id, type: card.type, last4: card.bank_no_last4, reason },
        result: { id: card.id, bank: card.bank, bank_no: deps.vault.open(card.bank_no) },
      }));
    },

    /** Frozen members cannot sign in; their sessions end in the same transaction. */
    async setFrozen(admin: SessionAdmin, username: string, frozen: boolean, reason: string, meta: Meta) {
      const m = await memberOf(username);
      return act(admin, meta, m, frozen ? 'member.freeze' : 'member.unfreeze', async (trx) => {
        const from = frozen ? 1 : 0;
        const to = frozen ? 0 : 1;
        const changed = await trx.updateTable('members').set({ status: to }).where('id', '=', m.id).where('status', '=', from).executeTakeFirst();
        if (Number(changed.numUpdatedRows) !== 1) refuse(frozen ? ADMIN_MEMBER_MSG.alreadyFrozen : ADMIN_MEMBER_MSG.notFrozen);
        const ended = frozen ? await repo.endSessions(trx, m.id) : 0;
        return { detail: { reason, before: { status: from }, after: { status: to }, sessions_ended: ended }, result: { status: to, sessions_ended: ended } };
      });
    },

    /** A new random login password, answered once; the member's sessions end. */
    async resetPassword(admin: SessionAdmin, username: string, reason: string, meta: Meta) {
      const m = await memberOf(username);
      const password = randomPassword();
      const hash = await hashPassword(password);
      return act(admin, meta, m, 'member.password.reset', async (trx) => {
        await trx.updateTable('members').set({ password_hash: hash }).where('id', '=', m.id).execute();
        const ended = await repo.endSessions(trx, m.id);
        return { detail: { reason, sessions_ended: ended }, result: { password } };
      });
    },

    async resetPayPassword(admin: SessionAdmin, username: string, reason: string, meta: Meta) {
      const m = await memberOf(username);
      const payPassword = randomPayPassword();
      const hash = await hashPassword(payPassword);
      return act(admin, meta, m, 'member.paypassword.reset', async (trx) => {
        await trx.updateTable('members').set({ pay_password_hash: hash }).where('id', '=', m.id).execute();
        return { detail: { reason }, result: { pay_password: payPassword } };
      });
    },

    async endSessions(admin: SessionAdmin, username: string, reason: string, meta: Meta) {
      const m = await memberOf(username);
      return act(admin, meta, m, 'member.sessions.end', async (trx) => {
        const ended = await repo.endSessions(trx, m.id);
        return { detail: { reason, sessions_ended: ended }, result: { ended } };
      });
    },

    /**
     * Every venue balance back to the central wallet, through the transfers module (each move
     * its own ledger postings); audited afterwards with what came back, since venue calls
     * cannot sit inside a database transaction.
     */
    async recoverVenues(admin: SessionAdmin, username: string, reason: string, meta: Meta) {
      const m = await memberOf(username);
      const { report, message } = await deps.transfers.recoverAll(m.id);
      await audit(db, {
        adminId: admin.adminId,
        action: 'member.venues.recover',
        target: `member:${m.id}`,
        detail: { username: m.username, reason, recovered: report.recovered, total_fen: report.total, pending: report.pending, failed: report.failed },
        ip: meta.ip,
      });
      return { recovered: report.recovered, total: fenToYuan(report.total), pending: report.pending, failed: report.failed, message };
    },

    async setVip(admin: SessionAdmin, username: string, vip: number, reason: string, meta: Meta) {
      const m = await memberOf(username);
      const level = await db.selectFrom('vip_levels').select('level').where('level', '=', vip).executeTakeFirst();
      if (!level && vip !== 0) refuse(ADMIN_MEMBER_MSG.vipUnknown);
      return act(admin, meta, m, 'member.vip', async (trx) => {
        await trx.updateTable('members').set({ vip }).where('id', '=', m.id).execute();
        return { detail: { reason, before: { vip: m.vip }, after: { vip } }, result: { vip } };
      });
    },

    /** An inbox message, written with its audit row in one transaction. */
    async message(admin: SessionAdmin, username: string, title: string, content: string, reason: string, meta: Meta) {
      const m = await memberOf(username);
      return act(admin, meta, m, 'member.message', async (trx) => {
        const id = await sendToMember({ ...ctx, db: trx }, m.id, title, content);
        return { detail: { reason, title, message_id: id }, result: { id } };
      });
    },

    async verifyRealname(admin: SessionAdmin, username: string, verified: boolean, reason: string, meta: Meta) {
      const m = await memberOf(username);
      return act(admin, meta, m, 'member.realname', async (trx) => {
        await trx.updateTable('members').set({ realname_verified: verified ? 1 : 0 }).where('id', '=', m.id).execute();
        return { detail: { reason, before: { realname_verified: m.realname_verified }, after: { realname_verified: verified ? 1 : 0 } }, result: { realname_verified: verified ? 1 : 0 } };
      });
    },

    async addNote(admin: SessionAdmin, username: string, content: string, meta: Meta) {
      const m = await memberOf(username);
      return act(admin, meta, m, 'member.note', async (trx) => {
        const note = await trx.insertInto('member_notes').values({ member_id: m.id, admin_id: admin.adminId, content, created_at: Date.now() }).returning('id').executeTakeFirstOrThrow();
        return { detail: { note_id: note.id, content }, result: { id: note.id } };
      });
    },
  };
}
export type MemberDesk = ReturnType<typeof createMemberDesk>;
