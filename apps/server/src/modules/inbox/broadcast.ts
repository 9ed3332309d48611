import {
  BROADCAST_BATCH,
  CODE,
  INBOX_ADMIN_MSG,
  type AdminBroadcastRow,
  type AdminInboxSendInput,
  type AdminPaged,
  type BroadcastState,
} from '@casino/contract';
import { sql, type Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB, InboxBroadcastsTable } from '../../db/schema.ts';
import { announceInbox } from '../live-stream/index.ts';
import type { SessionAdmin } from '../../http/auth.ts';
import { refuse } from '../../http/envelope.ts';
import type { Job } from '../../jobs/scheduler.ts';
import { paged } from '../../lib/paging.ts';
import { toWireTime } from '../../lib/time.ts';
import type { Selectable } from 'kysely';
import { audit } from '../audit/index.ts';
import { onBreakIds } from '../responsible/index.ts';

type Broadcast = Selectable<InboxBroadcastsTable>;

/** the dedupe key every copy of a broadcast carries (unique per member in member_messages) */
export const broadcastKey = (id: number) => `broadcast:${id}`;

/** how long one job run keeps delivering before it leaves the rest to the next run */
const RUN_BUDGET_MS = 4_000;

function matching(db: Kysely<DB>, b: Pick<Broadcast, 'target' | 'member_id' | 'vip'>, now?: number) {
  let q = db.selectFrom('members');
  if (b.target === 'member') q = q.where('id', '=', Number(b.member_id));
  if (b.target === 'vip') q = q.where('vip', '=', Number(b.vip));
  // issue 22: promotional mass mail skips members on a time-out or self-exclusion at delivery
  if (now !== undefined && b.target !== 'member') q = q.where('id', 'not in', onBreakIds(db, now));
  return q;
}

/**
 * Delivers the next batch of a broadcast: the members after its cursor (in id order, up to the
 * highest id when it was sent). The batch is claimed by moving the cursor on the condition that
 * it is still where this run read it, in the same transaction as the messages: a second process
 * running the same batch finds the cursor moved and writes nothing, a run cut off midway leaves
 * the cursor where it was. The dedupe key makes a member's copy unique even so.
 * Answers the members written and whether the broadcast is now done.
 */
export async function deliverBatch(db: Kysely<DB>, id: number, opts: { batch?: number; now?: number } = {}): Promise<{ written: number; done: boolean }> {
  const batch = opts.batch ?? BROADCAST_BATCH;
  const now = opts.now ?? Date.now();
  return db.transaction().execute(async (trx) => {
    const b = await trx.selectFrom('inbox_broadcasts').selectAll().where('id', '=', id).executeTakeFirst();
    if (!b || b.state !== 'sending') return { written: 0, done: true };
    const cursor = Number(b.cursor_id);
    const upto = Number(b.upto_id);
    const ids = (
      await matching(trx, b, now).select('id').where('id', '>', cursor).where('id', '<=', upto).orderBy('id', 'asc').limit(batch).execute()
    ).map((r) => Number(r.id));
    const done = ids.length < batch;
    const claimed = await trx
      .updateTable('inbox_broadcasts')
      .set({
        cursor_id: done ? upto : ids[ids.length - 1],
        sent: sql`sent + ${ids.length}`,
        ...(done ? { state: 'done' as const, finished_at: now, total: sql`sent + ${ids.length}` } : {}),
      })
      .where('id', '=', id)
      .where('cursor_id', '=', cursor)
      .where('state', '=', 'sending')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return { written: 0, done: false };
    if (ids.length > 0) {
      const key = broadcastKey(id);
      await trx
        .insertInto('member_messages')
        .values(ids.map((memberId) => ({ member_id: memberId, title: b.title, content: b.content, created_at: Number(b.created_at), dedupe_key: key, is_read: 0, read_at: null })))
        .onConflict((oc) => oc.columns(['member_id', 'dedupe_key']).doNothing())
        .execute();
      await announceInbox(trx, ids); // issue 37: pushed to the members' streams once committed
    }
    return { written: ids.length, done };
  });
}

/** Every broadcast still sending, batch after batch, until done or the time budget is spent. */
export async function deliverPending(db: Kysely<DB>, opts: { batch?: number; budgetMs?: number; maxBatches?: number } = {}): Promise<number> {
  const until = Date.now() + (opts.budgetMs ?? RUN_BUDGET_MS);
  let batches = 0;
  let written = 0;
  const pending = await db.selectFrom('inbox_broadcasts').select('id').where('state', '=', 'sending').orderBy('id', 'asc').limit(20).execute();
  for (const { id } of pending) {
    for (;;) {
      if (Date.now() > until || (opts.maxBatches !== undefined && batches >= opts.maxBatches)) return written;
      const r = await deliverBatch(db, Number(id), { batch: opts.batch });
      batches++;
      written += r.written;
      if (r.done || r.written === 0) break;
    }
  }
  return written;
}

/** The job: every 5 seconds, the broadcasts still sending get their next batches. */
export function broadcastJobs(): Job[] {
  return [{ name: 'inbox_broadcasts', everySeconds: 5, leaseMs: 60_000, run: async (ctx) => void (await deliverPending(ctx.db)) }];
}

function label(b: Pick<Broadcast, 'target' | 'vip'>, username: string | null): string {
  if (b.target === 'member') return username ?? '（已删除会员）';
  if (b.target === 'vip') return `VIP${Number(b.vip)}`;
  return '全部会员';
}

export function createBroadcasts(ctx: AppContext) {
  const { db } = ctx;

  async function view(id: number): Promise<AdminBroadcastRow> {
    const rows = await list({ id, page: 1, per_page: 1 });
    return rows.data[0];
  }

  async function list(q: { state?: BroadcastState; id?: number; page: number; per_page: number }): Promise<AdminPaged<AdminBroadcastRow>> {
    let base = db.selectFrom('inbox_broadcasts as b');
    if (q.state) base = base.where('b.state', '=', q.state);
    if (q.id) base = base.where('b.id', '=', q.id);
    const [rows, count] = await Promise.all([
      base
        .leftJoin('admins as a', 'a.id', 'b.admin_id')
        .leftJoin('members as m', 'm.id', 'b.member_id')
        .select(['b.id', 'b.target', 'b.vip', 'b.title', 'b.content', 'b.state', 'b.sent', 'b.total', 'b.created_at', 'b.finished_at', 'a.username as operator', 'm.username as member'])
        .orderBy('b.id', 'desc')
        .limit(q.per_page)
        .offset((q.page - 1) * q.per_page)
        .execute(),
      base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return paged(
      rows.map((r) => ({
        id: Number(r.id),
        target: r.target,
        target_label: label(r, r.member),
        title: r.title,
        content: r.content,
        state: r.state,
        sent: Number(r.sent),
        total: Number(r.total),
        operator: r.operator ?? '',
        created_at: toWireTime(Number(r.created_at)),
        finished_at: r.finished_at === null ? null : toWireTime(Number(r.finished_at)),
      })),
      Number(count.n),
      q.page,
      q.per_page,
    );
  }

  return {
    list,

    /**
     * One broadcast row (and its audit row) in one transaction; the job delivers it. A send to one
     * member is delivered at once.
     */
    async send(admin: SessionAdmin, input: AdminInboxSendInput, meta: { ip: string }): Promise<AdminBroadcastRow> {
      let memberId: number | null = null;
      let vip: number | null = null;
      if (input.target === 'member') {
        const m = await db.selectFrom('members').select('id').where('username', '=', input.username ?? '').executeTakeFirst();
        if (!m) refuse(INBOX_ADMIN_MSG.memberNotFound, CODE.notFound);
        memberId = Number(m.id);
      } else if (input.target === 'vip') {
        vip = input.vip ?? 0;
        if (vip > 0 && !(await db.selectFrom('vip_levels').select('level').where('level', '=', vip).executeTakeFirst())) refuse(INBOX_ADMIN_MSG.vipNotFound);
      }
      const shape = { target: input.target, member_id: memberId, vip };
      const max = await db.selectFrom('members').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst();
      const upto = Number(max?.m ?? 0);
      const count = await matching(db, shape).select((eb) => eb.fn.countAll<number | string>().as('n')).where('id', '<=', upto).executeTakeFirstOrThrow();
      const total = Number(count.n);
      if (total === 0) refuse(INBOX_ADMIN_MSG.nobody);
      const now = Date.now();
      const id = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('inbox_broadcasts')
          .values({ ...shape, title: input.title, content: input.content, upto_id: upto, total, admin_id: admin.adminId, created_at: now, finished_at: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        const bid = Number(row.id);
        await audit(trx, {
          adminId: admin.adminId,
          action: 'inbox.send',
          target: input.target === 'member' ? `member:${input.username}` : `broadcast:${bid}`,
          detail: { after: { broadcast_id: bid, target: input.target, username: input.username ?? null, vip, title: input.title, content: input.content, total } },
          ip: meta.ip,
          now,
        });
        return bid;
      });
      if (input.target === 'member') await deliverBatch(db, id);
      return view(id);
    },
  };
}
export type Broadcasts = ReturnType<typeof createBroadcasts>;
