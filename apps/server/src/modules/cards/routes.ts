import { bankBindSchema, bindCardSchemaFor, CARD_MSG, delCardSchema, getCardSchema, usdtBindSchema } from '@casino/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { memberOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { parse } from '../../http/validate.ts';
import type { CardsService } from './service.ts';

/** POST /api/getcard, /api/bindcard, /api/delcard, /api/banklist (spec section 7, Money). */
export function cardsRoutes(app: FastifyInstance, cards: CardsService, requireMember: (req: FastifyRequest) => Promise<void>) {
  const guarded = { preHandler: requireMember };

  app.post('/api/getcard', guarded, async (req) => {
    const { type } = parse(getCardSchema, req.body);
    return ok(await cards.list(memberOf(req).memberId, type));
  });

  app.post('/api/bindcard', guarded, async (req) => {
    const memberId = memberOf(req).memberId;
    const schema = bindCardSchemaFor(req.body);
    const card =
      schema === usdtBindSchema
        ? await cards.bind(memberId, { kind: 'usdt', input: parse(usdtBindSchema, req.body) })
        : await cards.bind(memberId, { kind: 'bank', input: parse(bankBindSchema, req.body) });
    return ok(card, CARD_MSG.bound);
  });

  app.post('/api/delcard', guarded, async (req) => {
    const { id } = parse(delCardSchema, req.body);
    await cards.unbind(memberOf(req).memberId, id);
    return ok(null, CARD_MSG.unbound);
  });

  app.post('/api/banklist', guarded, async () => ok(await cards.banks()));
}
