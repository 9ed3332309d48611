import { accountName, actorName, actorOperatorId, fenToYuan, type MemberRecordKind } from '@casino/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/index.ts';
import { toWireTime } from '../../lib/time.ts';
import { actionName, nameOperators, presentAuditDetail } from '../audit/index.ts';
import { memberBetsPage } from '../bets/index.ts';
import { memberDepositsPage } from '../payments/index.ts';
import { memberRebatesPage, memberRedPacketsPage } from '../promotions/index.ts';
import { memberTransfersPage } from '../transfers/index.ts';
import * as turnover from '../turnover/index.ts';
import { memberEntriesPage } from '../wallet/index.ts';
import { memberWithdrawalsPage } from '../withdrawals/index.ts';

/**
 * The paged lists of the member 360 view, newest first, each from the member's own index
 * (member_id with time). Money in yuan, times Beijing.
 */
type Row = Record<string, unknown>;
const time = (ms: number | null) => (ms === null ? null : toWireTime(ms));
const yuan = (fen: number | null) => (fen === null ? null : fenToYuan(fen));
const count = sql<number>`count(*)`.as('n');

/** What the ledger's names need (issue 25): the member's username and the venues' names. */
export interface RecordNames {
  username: string;
  venue: (platform: string) => string | undefined;
}

/** usernames of the operators behind admin:{id} actors of one page */
async function operatorNames(db: Kysely<DB>, actors: (string | null)[]) {
  const ids = [...new Set(actors.map(actorOperatorId).filter((id): id is number => id !== null))];
  const rows = ids.length ? await db.selectFrom('admins').select(['id', 'username']).where('id', 'in', ids).execute() : [];
  const byId = new Map(rows.map((r) => [Number(r.id), r.username]));
  return (id: number) => byId.get(id);
}

export async function memberRecords(db: Kysely<DB>, memberId: number, kind: MemberRecordKind, page: number, perPage: number, names?: RecordNames): Promise<{ data: Row[]; total: number }> {
  const offset = (page - 1) * perPage;
  switch (kind) {
    case 'ledger': {
      const { rows, total } = await memberEntriesPage(db, memberId, perPage, offset);
      // accounts and actors by name beside their codes (issue 25): 会员 walker01 · 中心钱包, PP电子 · 清算, 操作员 admin
      const lookup = { member: (id: number) => (id === memberId ? names?.username : undefined), venue: names?.venue, operator: await operatorNames(db, rows.map((r) => r.created_by)) };
      return {
        total,
        data: rows.map((r) => {
          // the central wallet's view: + in, - out; a move between the member's own accounts is neither
          const toCentral = r.to === `member:${memberId}:central`;
          const fromCentral = r.from === `member:${memberId}:central`;
          const change = toCentral ? r.amount : fromCentral ? -r.amount : 0;
          return {
            ...r,
            amount: fenToYuan(r.amount),
            central_change: fenToYuan(change),
            from_name: accountName(r.from, lookup),
            to_name: accountName(r.to, lookup),
            created_by_name: actorName(r.created_by, lookup),
            created_at: toWireTime(r.created_at),
          };
        }),
      };
    }
    case 'turnover': {
      const { rows, total } = await turnover.list(db, memberId, page, perPage);
      return {
        total,
        // issue 25: waived by operators and what remains (required - done - waived)
        data: rows.map((r) => ({ id: r.id, source: r.source, reference: r.reference, credited: fenToYuan(r.credited), required: fenToYuan(r.required), done: fenToYuan(r.done), waived: fenToYuan(r.waived), remaining: fenToYuan(r.completed_at === null ? r.required - r.done - r.waived : 0), created_at: time(r.created_at), completed_at: time(r.completed_at) })),
      };
    }
    case 'transfers': {
      const { rows, total } = await memberTransfersPage(db, memberId, perPage, offset);
      return { total, data: rows.map((r) => ({ ...r, platform_name: names?.venue(r.platform) ?? r.platform.toUpperCase(), amount: fenToYuan(r.amount), created_at: time(r.created_at), settled_at: time(r.settled_at) })) };
    }
    case 'bets': {
      const { rows, total } = await memberBetsPage(db, memberId, perPage, offset);
      return {
        total,
        data: rows.map((r) => ({ ...r, platform_name: names?.venue(r.platform) ?? r.platform.toUpperCase(), bet_amount: fenToYuan(r.bet_amount), valid_amount: fenToYuan(r.valid_amount), win_loss: fenToYuan(r.win_loss), created_at: time(r.created_at), settled_at: time(r.settled_at) })),
      };
    }
    case 'deposits': {
      const { rows, total } = await memberDepositsPage(db, memberId, perPage, offset);
      return {
        total,
        data: rows.map((r) => ({ ...r, amount: yuan(r.amount), paid_amount: yuan(r.paid_amount), credited_amount: yuan(r.credited_amount), bonus_amount: yuan(r.bonus_amount), created_at: time(r.created_at), credited_at: time(r.credited_at) })),
      };
    }
    case 'withdrawals': {
      const { rows, total } = await memberWithdrawalsPage(db, memberId, perPage, offset);
      return { total, data: rows.map((r) => ({ ...r, amount: fenToYuan(r.amount), created_at: time(r.created_at), decided_at: time(r.decided_at) })) };
    }
    case 'rebates': {
      const { rows, total } = await memberRebatesPage(db, memberId, perPage, offset);
      return { total, data: rows.map((r) => ({ ...r, platform_name: names?.venue(r.platform) ?? r.platform.toUpperCase(), valid_amount: fenToYuan(r.valid_amount), amount: fenToYuan(r.amount), created_at: time(r.created_at), claimed_at: time(r.claimed_at) })) };
    }
    case 'red_packets': {
      const { rows, total } = await memberRedPacketsPage(db, memberId, perPage, offset);
      return { total, data: rows.map((r) => ({ ...r, amount: fenToYuan(r.amount), created_at: time(r.created_at) })) };
    }
    case 'logins': {
      const q = db.selectFrom('member_logins').where('member_id', '=', memberId);
      const [rows, total] = await Promise.all([
        q.select(['id', 'kind', 'ip', 'device', 'user_agent', 'created_at']).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(perPage).offset(offset).execute(),
        q.select(count).executeTakeFirstOrThrow(),
      ]);
      // issue 36: registrations too (kind), the member site's device id beside the browser (device)
      return { total: Number(total.n), data: rows.map((r) => ({ id: r.id, created_at: time(r.created_at), kind: r.kind, ip: r.ip, device_id: r.device, device: r.user_agent })) };
    }
    case 'audit': {
      const q = db.selectFrom('admin_audit').where('target', '=', `member:${memberId}`);
      const [rows, total] = await Promise.all([
        q
          .innerJoin('admins', 'admins.id', 'admin_audit.admin_id')
          .select(['admin_audit.id', 'admins.username as operator', 'admin_audit.action', 'admin_audit.detail', 'admin_audit.ip', 'admin_audit.created_at'])
          .orderBy('admin_audit.created_at', 'desc')
          .orderBy('admin_audit.id', 'desc')
          .limit(perPage)
          .offset(offset)
          .execute(),
        q.select(count).executeTakeFirstOrThrow(),
      ]);
      // named and in yuan like the audit log (issue 25)
      const details = await nameOperators(db, rows.map((r) => presentAuditDetail(r.action, JSON.parse(r.detail))));
      return { total: Number(total.n), data: rows.map((r, i) => ({ ...r, action_name: actionName(r.action), detail: details[i], created_at: time(r.created_at) })) };
    }
  }
}
