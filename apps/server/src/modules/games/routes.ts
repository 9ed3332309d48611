import { GAME_MSG, gameListByCodeSchema, gameListQuerySchema, gameUrlSchema } from '@casino/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { memberOf } from '../../http/auth.ts';
import { ok, refuse } from '../../http/envelope.ts';
import { parse } from '../../http/validate.ts';
import type { Catalogue } from '../catalogue/index.ts';
import type { createLauncher } from './launch.ts';

export function gamesRoutes(
  app: FastifyInstance,
  catalogue: Catalogue,
  launch: ReturnType<typeof createLauncher>,
  requireMember: (req: FastifyRequest) => Promise<void>,
) {
  // open to guests: the home page lists games before anyone logs in. One flat list of game
  // entities ordered by category, as the original front-end reads it (issue 19); ?category= or
  // ?category_id= narrows it to one category
  app.get('/api/game/list', async (req) => {
    const q = parse(gameListQuerySchema, req.query);
    return ok(await catalogue.gameList(q.category));
  });

  app.post('/api/gamelistBycode', async (req) => {
    const q = parse(gameListByCodeSchema, req.body);
    const venue = await catalogue.venue(q.gamecode);
    if (!venue || venue.listed !== 1) refuse(GAME_MSG.unknownVenue);
    return ok(await catalogue.tiles(q.gamecode));
  });

  // guests are answered 401 by the guard; the site shows them 请登录！ before calling
  app.post('/api/getGameUrl', { preHandler: requireMember }, async (req) => {
    const input = parse(gameUrlSchema, req.body);
    return ok(await launch(memberOf(req).memberId, input));
  });
}
