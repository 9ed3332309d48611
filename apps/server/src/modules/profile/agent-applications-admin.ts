import {
  adminAgentApplicationsListSchema,
  adminAgentApproveSchema,
  adminAgentRejectSchema,
  AGENT_ADMIN_MSG,
  type AdminAgentApplicationRow,
  type AdminPaged,
} from '@casino/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AgentApplication, DB } from '../../db/schema.ts';
import { adminRoute, registerAdminRoutes, type RequireAdmin } from '../../http/admin-routes.ts';
import { ok, refuse } from '../../http/envelope.ts';
import { withOperatorNames } from '../../lib/operator-names.ts';
import { paged } from '../../lib/paging.ts';
import { toWireTime } from '../../lib/time.ts';
import { audit } from '../audit/index.ts';

const PER_PAGE = 20;

export interface AgentAdminDeps {
  db: Kysely<DB>;
  /** a message to the member's inbox once the decision committed; a repeat of the key sends nothing */
  notify?: (memberId: number, title: string, content: string, dedupeKey: string) => Promise<unknown>;
  /**
   * issue 20: an approval makes the member an agent (the agents module, wired in app.ts), in the
   * decision's transaction: the application is approved exactly when the agent record exists
   */
  onApproved?: (trx: Kysely<DB>, memberId: number, adminId: number, now: number) => Promise<unknown>;
}

type Joined = AgentApplication & { username: string; realname: string };

const row = (a: Joined): AdminAgentApplicationRow => ({
  id: Number(a.id),
  username: a.username,
  realname: a.realname,
  mobile: a.mobile,
  apply_info: a.apply_info,
  state: Number(a.state) as 1 | 2 | 3,
  review_note: a.review_note,
  reviewed_by: a.reviewed_by,
  reviewed_at: a.reviewed_at === null ? null : toWireTime(Number(a.reviewed_at)),
  created_at: toWireTime(Number(a.created_at)),
});

/**
 * The queue of /applyagent applications: a state's rows through agent_applications_state (pending
 * oldest first, decided newest first), one member's through agent_applications_member.
 */
export async function listAgentApplications(db: Kysely<DB>, q: { state?: number; username?: string; page: number }): Promise<AdminPaged<AdminAgentApplicationRow>> {
  let memberId: number | undefined;
  if (q.username) {
    const m = await db.selectFrom('members').select('id').where('username', '=', q.username.toLowerCase()).executeTakeFirst();
    if (!m) return paged([], 0, q.page, PER_PAGE);
    memberId = Number(m.id);
  }
  let base = db.selectFrom('agent_applications');
  if (q.state) base = base.where('agent_applications.state', '=', q.state);
  if (memberId !== undefined) base = base.where('agent_applications.member_id', '=', memberId);
  const dir = q.state === 1 ? 'asc' : 'desc';
  // by state or member: the (state|member_id, created_at) indexes; everything: the primary key
  const byTime = q.state !== undefined || memberId !== undefined;
  let page = base
    .innerJoin('members', 'members.id', 'agent_applications.member_id')
    .selectAll('agent_applications')
    .select(['members.username', 'members.realname']);
  page = byTime ? page.orderBy('agent_applications.created_at', dir).orderBy('agent_applications.id', dir) : page.orderBy('agent_applications.id', 'desc');
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
    page
      .limit(PER_PAGE)
      .offset((q.page - 1) * PER_PAGE)
      .execute(),
  ]);
  return paged(await withOperatorNames(db, rows.map(row)), Number(count?.n ?? 0), q.page, PER_PAGE);
}

/**
 * One decision per application: the conditional update from pending (1) is the guard, so two
 * operators at once have one effect, and the audit row commits with it. The same decision again
 * answers the stored one (replayed, nothing written); the other decision is refused.
 */
export async function decideAgentApplication(
  db: Kysely<DB>,
  d: { id: number; approve: boolean; reason?: string },
  op: { adminId: number; ip: string },
  now = Date.now(),
  onApproved?: AgentAdminDeps['onApproved'],
) {
  const state = d.approve ? 2 : 3;
  const load = (trx: Kysely<DB>) =>
    trx
      .selectFrom('agent_applications')
      .innerJoin('members', 'members.id', 'agent_applications.member_id')
      .selectAll('agent_applications')
      .select(['members.username', 'members.realname'])
      .where('agent_applications.id', '=', d.id)
      .executeTakeFirst();
  return db.transaction().execute(async (trx) => {
    const before = await load(trx);
    if (!before) refuse(AGENT_ADMIN_MSG.id, 404);
    const moved = await trx
      .updateTable('agent_applications')
      .set({ state, review_note: d.approve ? '' : (d.reason ?? ''), reviewed_by: `admin:${op.adminId}`, reviewed_at: now })
      .where('id', '=', d.id)
      .where('state', '=', 1)
      .executeTakeFirst();
    const after = (await load(trx))!;
    if (Number(moved.numUpdatedRows) === 0) {
      if (Number(after.state) === state) return { ...row(after), replayed: true, memberId: Number(after.member_id) };
      refuse(AGENT_ADMIN_MSG.alreadyDecided);
    }
    if (d.approve && onApproved) await onApproved(trx, Number(after.member_id), op.adminId, now);
    await audit(trx, {
      adminId: op.adminId,
      action: d.approve ? 'agent_application.approve' : 'agent_application.reject',
      target: `agent_application:${d.id}`,
      detail: { member: after.username, before: row(before), after: row(after) },
      ip: op.ip,
      now,
    });
    return { ...row(after), replayed: false, memberId: Number(after.member_id) };
  });
}

/** /admin/api/agent-applications/list|approve|reject */
export function agentApplicationsAdminRoutes(app: FastifyInstance, deps: AgentAdminDeps, requireAdmin: RequireAdmin) {
  type Decided = Awaited<ReturnType<typeof decideAgentApplication>>;
  const publicView = ({ memberId: _memberId, ...rest }: Decided) => rest;
  // after the commit: told once per application (the dedupe key); a failed message never undoes the decision
  const tell = async (r: Decided, title: string, content: string) => {
    if (r.replayed || !deps.notify) return;
    await deps.notify(r.memberId, title, content, `agent:${r.id}`).catch(() => undefined);
  };
  registerAdminRoutes(app, requireAdmin, [
    adminRoute({
      path: '/admin/api/agent-applications/list',
      permission: 'promotions.view',
      schema: adminAgentApplicationsListSchema,
      handler: async (input) => ok(await listAgentApplications(deps.db, input)),
    }),
    adminRoute({
      path: '/admin/api/agent-applications/approve',
      permission: 'promotions.manage',
      schema: adminAgentApproveSchema,
      handler: async (input, admin, req) => {
        const r = await decideAgentApplication(deps.db, { id: input.id, approve: true }, { adminId: admin.adminId, ip: req.ip }, Date.now(), deps.onApproved);
        await tell(
          r,
          '代理申请已通过',
          deps.onApproved
            ? '恭喜您，您的代理合作申请已审核通过。请在“我的”页面进入代理中心，获取您的专属推广链接与二维码。'
            : '恭喜您，您的代理合作申请已审核通过。专属代理后台与推广方式请联系在线客服获取。',
        );
        return ok(publicView(r), AGENT_ADMIN_MSG.approved);
      },
    }),
    adminRoute({
      path: '/admin/api/agent-applications/reject',
      permission: 'promotions.manage',
      schema: adminAgentRejectSchema,
      handler: async (input, admin, req) => {
        const r = await decideAgentApplication(deps.db, { id: input.id, approve: false, reason: input.reason }, { adminId: admin.adminId, ip: req.ip });
        await tell(r, '代理申请未通过', `很抱歉，您的代理合作申请未通过审核，原因：${r.review_note}。如有疑问请联系在线客服。`);
        return ok(publicView(r), AGENT_ADMIN_MSG.rejected);
      },
    }),
  ]);
}
