import type { FastifyInstance } from 'fastify';
import { gameArt, venueArt } from './art.ts';
import { findGame, findVenue } from './catalogue.ts';

/** GET {prefix}/provider/art/{platform}/{game_code}.svg and .../{platform}/logo.svg */
export function artRoutes(app: FastifyInstance) {
  const cache = new Map<string, string>();
  app.get('/art/:platform/:file', async (request, reply) => {
    const { platform, file } = request.params as { platform: string; file: string };
    const code = file.endsWith('.svg') ? file.slice(0, -4) : null;
    const key = `${platform}/${code}`;
    let svg = cache.get(key);
    if (!svg && code) {
      const venue = findVenue(platform);
      const game = findGame(platform, code);
      if (game) svg = gameArt(game);
      else if (venue && code === 'logo') svg = venueArt(venue);
      if (svg) cache.set(key, svg);
    }
    if (!svg) return reply.code(404).send({ error: 'not_found', message: 'no such art' });
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      // the member site shows these from its own origin or from this one
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(svg);
  });
}
