import { createHash, randomBytes } from 'node:crypto';
import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import { BET_CSV_HEADERS, BET_STATUS_NAMES, betExportSchema, betGetSchema, betSearchSchema, CODE, GAME_CATEGORY_NAMES, grants, type GameCategory } from '@casino/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { adminRoute, registerAdminRoutes, type RequireAdmin } from '../../http/admin-routes.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { toWireTime } from '../../lib/time.ts';
import { audit } from '../audit/index.ts';
import { activeAdminPermissions, guardCell, saveDownload, takeDownload } from '../reports/index.ts';
import { createBetSearch, windowOf } from './search.ts';

/** a download link works once, within this time */
export const BET_DOWNLOAD_TTL_MS = 60_000;
export const BET_DOWNLOAD_PATH = '/admin/download/bets';
export const BET_DOWNLOAD_GONE = '下载链接已失效，请重新导出';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * 注单查询 (issue 36 point 5): /admin/api/bets/list|get|export with risk.view. The export answers a
 * single-use link (kept hashed beside the reports' links, marked kind 'bets'); its GET streams the
 * CSV through csv-stringify with back-pressure, so a large file never sits in memory.
 */
export function betSearchRoutes(app: FastifyInstance, ctx: AppContext, requireAdmin: RequireAdmin) {
  const search = createBetSearch(ctx.db);
  registerAdminRoutes(app, requireAdmin, [
    adminRoute({ path: '/admin/api/bets/list', permission: 'risk.view', schema: betSearchSchema, handler: async (i) => ok(await search.list(i)) }),
    adminRoute({ path: '/admin/api/bets/get', permission: 'risk.view', schema: betGetSchema, handler: async (i) => ok(await search.get(i.platform, i.bet_id)) }),
    adminRoute({
      path: '/admin/api/bets/export',
      permission: 'risk.view',
      schema: betExportSchema,
      handler: async (input, admin, req) => {
        const w = windowOf(input); // a bad window is refused now, not when the file is fetched
        const token = randomBytes(32).toString('base64url');
        const now = Date.now();
        await ctx.db.transaction().execute(async (trx) => {
          await saveDownload(trx, { token_hash: sha256(token), admin_id: admin.adminId, params: JSON.stringify({ kind: 'bets', filters: input }), expires_at: now + BET_DOWNLOAD_TTL_MS });
          await audit(trx, { adminId: admin.adminId, action: 'bets.export', target: `bets:${w.by}:${w.from}~${w.to}`, detail: { before: null, after: input }, ip: req.ip, now });
        });
        return ok({ url: `${BET_DOWNLOAD_PATH}?token=${token}`, expires_in: BET_DOWNLOAD_TTL_MS / 1000 });
      },
    }),
  ]);

  app.get<{ Querystring: { token?: unknown } }>(BET_DOWNLOAD_PATH, async (req, reply) => {
    const token = typeof req.query.token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(req.query.token) ? req.query.token : null;
    const taken = token ? await takeDownload(ctx.db, sha256(token), Date.now()) : null;
    if (!taken) return envelopeOf(CODE.unauthorized, BET_DOWNLOAD_GONE);
    // the operator may have been disabled or lost the permission since the link was made
    const permissions = await activeAdminPermissions(ctx.db, taken.adminId);
    if (!permissions || !grants(permissions, 'risk.view')) return envelopeOf(CODE.forbidden, BET_DOWNLOAD_GONE);
    const saved = JSON.parse(taken.params) as { kind?: string; filters?: unknown };
    const parsed = saved.kind === 'bets' ? betExportSchema.safeParse(saved.filters) : null;
    if (!parsed?.success) return envelopeOf(CODE.invalid, BET_DOWNLOAD_GONE);
    const w = windowOf(parsed.data);
    const day = (ms: number) => toWireTime(ms).slice(0, 10).replaceAll('-', '');
    const span = `${day(w.from)}_${day(w.to - 1)}`;
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="bets-${span}.csv"; filename*=UTF-8''${encodeURIComponent(`注单-${span}.csv`)}`)
      .header('cache-control', 'no-store');
    const out = stringify({ bom: true, header: true, columns: BET_CSV_HEADERS, cast: { string: guardCell } });
    const cells = async function* () {
      for await (const r of search.rows(parsed.data)) {
        yield [
          r.bet_id, r.venue_name, r.platform, r.username, r.game_name, r.game_code, GAME_CATEGORY_NAMES[r.category_id as GameCategory] ?? r.category_id,
          r.bet_amount.toFixed(2), r.valid_amount.toFixed(2), r.payout.toFixed(2), r.win_loss.toFixed(2), BET_STATUS_NAMES[r.status] ?? String(r.status),
          r.created_at, r.settled_at ?? '', r.detail,
        ];
      }
    };
    pipeline(Readable.from(cells(), { objectMode: true, highWaterMark: 64 }), out, (err) => {
      if (err) ctx.log.error({ err }, 'bets CSV export failed');
    });
    return reply.send(out);
  });
}
