import {
  CARD_TYPE,
  fenToYuan,
  formatYuan,
  grants,
  maskCardNo,
  RISK_LEVEL_NAMES,
  type AdminPaged,
  type AdminWithdrawalRow,
  type AdminWithdrawalsListInput,
  type WithdrawRisk,
  type WithdrawState,
} from '@casino/contract';
import type { AppContext } from '../../context.ts';
import type { MemberCard } from '../../db/schema.ts';
import type { SessionAdmin } from '../../http/auth.ts';
import { paged } from '../../lib/paging.ts';
import { toWireTime } from '../../lib/time.ts';
import { audit } from '../audit/index.ts';
import { otherHoldersOf } from '../cards/index.ts';
import { addressFilter, asRiskLevel, linkCounts, openEventsOf, withdrawalsNeedReview } from '../risk/index.ts';
import * as turnover from '../turnover/index.ts';
import { usdtFigures } from './records.ts';
import * as repo from './repo.ts';
import { reviewOf } from './review.ts';

const HOUR = 3_600_000;
const NEW_CARD_HOURS = 24;
/** an operator's reset of the member's passwords this long before a withdrawal is worth a look */
const RESET_NOTE_HOURS = 7 * 24;

/** a name as written on a card or a registration: spaces and the middle dots of minority names aside */
const nameKey = (s: string | null) => (s ?? '').replace(/[\s·•．.]/g, '');

export interface AdminListDeps {
  /** the member's card (unbound ones too) with its number opened, for operators holding cards.reveal */
  cardOf(memberId: number, id: number, opts: { includeDeleted: boolean }): Promise<MemberCard | undefined>;
}

/** What an operator should weigh before paying out (issue 10): figures and the notes in words. */
async function riskOf(ctx: AppContext, w: repo.AdminListRow, links: number): Promise<WithdrawRisk> {
  const [earlier, owed, sharedWith, events, reset] = await Promise.all([
    repo.paidToCardBefore(ctx.db, w.member_id, w.number_key, w.id),
    turnover.remaining(ctx.db, w.member_id),
    otherHoldersOf(ctx.db, w.number_key, w.member_id),
    openEventsOf(ctx.db, w.member_id), // issue 36 point 3: the applicant's open risk events
    repo.passwordResetBefore(ctx.db, w.member_id, w.created_at - RESET_NOTE_HOURS * HOUR, w.created_at),
  ]);
  const riskLevel = asRiskLevel(w.risk_level);
  const ageHours = Math.max(0, Math.floor(((w.created_at - w.card_bound_at) / HOUR) * 10) / 10);
  const risk = {
    first_to_card: !earlier,
    card_age_hours: ageHours,
    card_new: w.created_at - w.card_bound_at < NEW_CARD_HOURS * HOUR,
    paysum: fenToYuan(w.paysum),
    above_deposits: w.amount > w.paysum,
    turnover_remaining: fenToYuan(owed),
    shared_with: sharedWith,
    risk_level: riskLevel,
    links,
    open_events: events,
  };
  const notes: string[] = [];
  // issue 36: every withdrawal of a 提款必审 member waits for an operator, whatever its size
  if (withdrawalsNeedReview(riskLevel)) notes.push('会员风险等级为「提款必审」：每笔取款都须人工审核');
  else if (riskLevel !== 'normal') notes.push(`会员风险等级：${RISK_LEVEL_NAMES[riskLevel]}`);
  if (events.length > 0) notes.push(`会员有 ${events.length} 个待处理风控事件`);
  if (risk.shared_with.length > 0) notes.push(`该卡号也绑定在其他会员：${risk.shared_with.join('、')}`);
  if (risk.card_new) notes.push(`该卡绑定不足24小时（${ageHours}小时）`);
  if (risk.above_deposits) notes.push(`取款金额高于累计存款（${formatYuan(risk.paysum, true)} 元）`);
  if (risk.first_to_card) notes.push('首次向该卡取款');
  if (owed > 0) notes.push(`仍有未完成打码量 ${formatYuan(risk.turnover_remaining, true)} 元`);
  // a taken-over account is paid out to the taker's card: a holder other than the member, or
  // passwords an operator reset shortly before, are for the reviewer to weigh
  if (w.card_type !== CARD_TYPE.usdt && nameKey(w.realname) !== '' && nameKey(w.bank_owner) !== nameKey(w.realname)) {
    notes.push(`持卡人「${w.bank_owner}」与会员真实姓名「${w.realname}」不一致`);
  }
  if (reset) {
    const what = reset.action === 'member.password.reset' ? '登录密码' : '支付密码';
    const hours = Math.floor((w.created_at - Number(reset.created_at)) / HOUR);
    notes.push(`取款前 ${hours < 1 ? '1 小时内' : `${hours} 小时`}${what}被操作员${reset.username ? ` ${reset.username} ` : ''}重置`);
  }
  return { ...risk, notes };
}

/** POST /admin/api/withdrawals/list: newest first, filtered and paged on the server, with risk notes. */
export function createAdminList(ctx: AppContext, deps: AdminListDeps) {
  const filter = addressFilter(ctx.config.trustedProxies ?? []);
  return async function list(admin: SessionAdmin, q: AdminWithdrawalsListInput, ip: string): Promise<AdminPaged<AdminWithdrawalRow>> {
    const { rows, total, estimated } = await repo.adminPage(ctx.db, { state: q.state, username: q.username, withdrawNo: q.withdraw_no }, q.per_page, q.page);
    const reveal = grants(admin.permissions, 'cards.reveal');
    // issue 36: how many members are linked to each applicant (device, address, card, USDT, name,
    // mobile), read for the whole page at once (a member's links took about 10 statements)
    const links = await linkCounts(ctx.db, filter, rows.map((w) => w.member_id));
    const data = await Promise.all(
      rows.map(async (w): Promise<AdminWithdrawalRow> => {
        const card = reveal ? await deps.cardOf(w.member_id, w.card_id, { includeDeleted: true }) : undefined;
        return {
          withdraw_no: w.withdraw_no,
          username: w.username,
          amount: fenToYuan(w.amount),
          kind: w.card_type === CARD_TYPE.usdt ? 'usdt' : 'bank',
          bank: w.bank,
          bank_owner: w.bank_owner,
          bank_no: card ? card.bank_no : maskCardNo(w.bank_no_last4),
          bank_address: w.bank_address,
          usdt: usdtFigures(w),
          state: w.state as WithdrawState,
          review: reviewOf(w),
          needs_two: w.needs_two === 1,
          first_approved_by: w.first_approver,
          claimed_by: w.claimer,
          decided_by: w.decider,
          reason: w.reason,
          created_at: toWireTime(w.created_at),
          decided_at: w.decided_at === null ? null : toWireTime(w.decided_at),
          risk: await riskOf(ctx, w, links.get(w.member_id) ?? 0),
        };
      }),
    );
    // full card numbers were shown: who saw which (DESIGN.md section 5, audit of every action)
    if (reveal && data.length > 0) {
      await audit(ctx.db, { adminId: admin.adminId, action: 'withdrawal.reveal_cards', target: 'withdrawals', detail: { withdraw_nos: data.map((d) => d.withdraw_no) }, ip });
    }
    return { ...paged(data, total, q.page, q.per_page), ...(estimated ? { total_estimated: true as const } : {}) };
  };
}
