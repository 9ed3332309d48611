import { fenToYuan, transferSchema, transRecordQuerySchema } from '@casino/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { memberOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { parse } from '../../http/validate.ts';
import type { createRecords } from './records.ts';
import type { Transfers } from './service.ts';

export function transfersRoutes(
  app: FastifyInstance,
  transfers: Transfers,
  records: ReturnType<typeof createRecords>,
  requireMember: (req: FastifyRequest) => Promise<void>,
) {
  const guarded = { preHandler: requireMember };

  app.post('/api/balancelist', guarded, async (req) => ok(await transfers.balanceList(memberOf(req).memberId)));

  app.post('/api/transfer', guarded, async (req) => {
    const input = parse(transferSchema, req.body);
    const { message, ...data } = await transfers.transfer(memberOf(req).memberId, input);
    return ok(data, message);
  });

  app.post('/api/transall', guarded, async (req) => {
    const { report, message } = await transfers.recoverAll(memberOf(req).memberId);
    return ok({ recovered: report.recovered, amount: fenToYuan(report.total), pending: report.pending }, message);
  });

  app.post('/api/gettransrecord', guarded, async (req) => {
    const q = parse(transRecordQuerySchema, req.body);
    return ok(await records(memberOf(req).memberId, q));
  });
}
