import type { FastifyInstance } from 'fastify';
import sjson from 'secure-json-parse';
import { CODE, MSG } from '@casino/contract';
import { ApiError } from './envelope.ts';

/**
 * JSON bodies: an empty body counts as {} (clients post {} or nothing to the
 * read-only calls), prototype-poisoning keys are dropped, anything else that is
 * not JSON is refused with a Chinese message.
 */
export function installJsonBody(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    // the polls and read-only calls post {} or nothing: no parser needed (issue 24)
    if (body === '{}') return done(null, {});
    const text = String(body).trim();
    if (text === '') return done(null, {});
    try {
      done(null, sjson.parse(text, undefined, { protoAction: 'remove', constructorAction: 'remove' }));
    } catch {
      done(new ApiError(CODE.invalid, MSG.badRequest), undefined);
    }
  });
}
