import type { FastifyInstance, FastifyRequest } from 'fastify';

/** A refusal with its HTTP status and the code callers can branch on. */
export class HttpRefusal<Code extends string = string> extends Error {
  constructor(
    readonly status: number,
    readonly code: Code,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The sandbox's signed JSON APIs (game provider, payment gateway) share one way of taking
 * bodies and answering refusals: the body is kept exactly as sent (signatures are checked over
 * these bytes), an empty body is `{}`, a refusal is `{ error, message }` with its status, any
 * other failure a logged 500 without details, an unknown path 404.
 */
export function jsonApi(app: FastifyInstance, opts: { bodyLimit: number; label: string }): { rawBody: (request: FastifyRequest) => string } {
  const raw = new WeakMap<FastifyRequest, string>();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: opts.bodyLimit }, (request, body, done) => {
    const text = String(body);
    raw.set(request, text);
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpRefusal(400, 'bad_request', 'body is not valid JSON'), undefined);
    }
  });
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (error instanceof HttpRefusal) return reply.code(error.status).send({ error: error.code, message: error.message });
    const status = error.statusCode ?? 500;
    if (status < 500) return reply.code(status).send({ error: 'bad_request', message: error.message });
    request.log.error({ err: error }, `${opts.label} error`);
    return reply.code(500).send({ error: 'internal_error', message: 'internal error' });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'not_found', message: 'no such call' }));
  return { rawBody: (request) => raw.get(request) ?? '' };
}
