import { createHash, randomBytes } from 'node:crypto';
import {
  CODE,
  grants,
  REPORT_KIND_NAMES,
  reportAgentsSchema,
  reportExportSchema,
  reportMembersSchema,
  reportRangeSchema,
  type ReportKind,
} from '@casino/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { adminRoute, registerAdminRoutes, type RequireAdmin } from '../../http/admin-routes.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { audit } from '../audit/index.ts';
import { csvCells, csvStream } from './csv.ts';
import * as repo from './repo.ts';
import type { ReportsService } from './service.ts';

/** a download link works once, within this time */
export const DOWNLOAD_TTL_MS = 60_000;
export const DOWNLOAD_PATH = '/admin/download/reports';
export const DOWNLOAD_GONE = '下载链接已失效，请重新导出';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

type ExportInput = z.output<typeof reportExportSchema>;

export function reportsRoutes(app: FastifyInstance, ctx: AppContext, service: ReportsService, requireAdmin: RequireAdmin) {
  registerAdminRoutes(app, requireAdmin, [
    adminRoute({ path: '/admin/api/reports/daily', permission: 'reports.view', schema: reportRangeSchema, handler: async (i) => ok(await service.daily(i)) }),
    adminRoute({ path: '/admin/api/reports/monthly', permission: 'reports.view', schema: reportRangeSchema, handler: async (i) => ok(await service.monthly(i)) }),
    adminRoute({ path: '/admin/api/reports/venues', permission: 'reports.view', schema: reportRangeSchema, handler: async (i) => ok(await service.venues(i)) }),
    adminRoute({ path: '/admin/api/reports/members', permission: 'reports.view', schema: reportMembersSchema, handler: async (i) => ok(await service.members(i)) }),
    adminRoute({ path: '/admin/api/reports/agents', permission: 'reports.view', schema: reportAgentsSchema, handler: async (i) => ok(await service.agents(i)) }),
    adminRoute({
      path: '/admin/api/reports/export',
      permission: 'reports.view',
      schema: reportExportSchema,
      // a single-use link the browser downloads natively: a million-row file never sits in the page's memory
      handler: async (input, admin, req) => {
        const token = randomBytes(32).toString('base64url');
        const now = Date.now();
        await ctx.db.transaction().execute(async (trx) => {
          await repo.saveDownload(trx, { token_hash: sha256(token), admin_id: admin.adminId, params: JSON.stringify(input), expires_at: now + DOWNLOAD_TTL_MS });
          await audit(trx, { adminId: admin.adminId, action: 'reports.export', target: `${input.report}:${input.from}~${input.to}`, detail: { before: null, after: input }, ip: req.ip, now });
        });
        return ok({ url: `${DOWNLOAD_PATH}?token=${token}`, expires_in: DOWNLOAD_TTL_MS / 1000 });
      },
    }),
  ]);

  app.get<{ Querystring: { token?: unknown } }>(DOWNLOAD_PATH, async (req, reply) => {
    const token = typeof req.query.token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(req.query.token) ? req.query.token : null;
    const taken = token ? await repo.takeDownload(ctx.db, sha256(token), Date.now()) : null;
    if (!taken) return envelopeOf(CODE.unauthorized, DOWNLOAD_GONE);
    // the operator may have been disabled or lost the permission since the link was made
    const permissions = await repo.activeAdminPermissions(ctx.db, taken.adminId);
    if (!permissions || !grants(permissions, 'reports.view')) return envelopeOf(CODE.forbidden, DOWNLOAD_GONE);
    const parsed = reportExportSchema.safeParse(JSON.parse(taken.params));
    if (!parsed.success) return envelopeOf(CODE.invalid, DOWNLOAD_GONE);
    const input = parsed.data;
    const name = `${input.report}-${input.from}_${input.to}.csv`;
    const label = encodeURIComponent(`${REPORT_KIND_NAMES[input.report]}-${input.from}_${input.to}.csv`);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"; filename*=UTF-8''${label}`)
      .header('cache-control', 'no-store');
    return reply.send(csvStream(input.report, rowsOf(service, input), (err) => ctx.log.error({ err, report: input.report }, 'report CSV export failed')));
  });
}

/** the export's records: small reports whole, members and agents by keyset pages */
export async function* rowsOf(service: ReportsService, input: ExportInput): AsyncGenerator<unknown[]> {
  const kind: ReportKind = input.report;
  if (kind === 'daily') for (const r of (await service.daily(input)).rows) yield csvCells.daily(r);
  else if (kind === 'monthly') for (const r of (await service.monthly(input)).rows) yield csvCells.monthly(r);
  else if (kind === 'venues') for (const r of (await service.venues(input)).rows) yield csvCells.venues(r);
  else if (kind === 'members') for await (const r of service.memberRows(input)) yield csvCells.members(r);
  else for await (const r of service.agentRows(input)) yield csvCells.agents(r);
}
