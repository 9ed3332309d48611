import { betRecordQuerySchema, fenToYuan } from '@casino/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { memberOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { parse } from '../../http/validate.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { createBetRecords } from './records.ts';

export function betsRoutes(
  app: FastifyInstance,
  records: ReturnType<typeof createBetRecords>,
  accounts: AccountsService,
  requireMember: (req: FastifyRequest) => Promise<void>,
) {
  const guarded = { preHandler: requireMember };
  app.post('/api/betrecord', guarded, async (req) => {
    const q = parse(betRecordQuerySchema, req.body);
    return ok(await records(memberOf(req).memberId, q));
  });
  // turnover (打码量) still required before a withdrawal, yuan
  app.post('/api/getBetAmount', guarded, async (req) => ok({ bet_amount: fenToYuan(await accounts.turnoverRequired(memberOf(req).memberId)) }));
}
