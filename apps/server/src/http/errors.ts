import { CODE, MSG } from '@casino/contract';
import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, envelopeOf } from './envelope.ts';

// any case: /api/* paths match case-insensitively (issue 19, http/api-case.ts), so an unknown
// /API/x answers the envelope like /api/x
const isApi = (raw: string) => {
  const url = raw.toLowerCase();
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/pay/api/') || url.startsWith('/admin/api/');
};

/** the most of an oversized body read and thrown away before answering, and the longest wait for it */
const DISCARD_MAX_BYTES = 16 * 1024 * 1024;
const DISCARD_MAX_MS = 10_000;

/**
 * Reads what is left of a request's body and throws it away, up to DISCARD_MAX_BYTES or
 * DISCARD_MAX_MS; past either the answer is sent anyway (and the connection then closes).
 */
export function discardBody(raw: IncomingMessage): Promise<void> {
  if (raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', done);
      raw.off('error', done);
      raw.off('close', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DISCARD_MAX_BYTES) done();
    };
    const timer = setTimeout(done, DISCARD_MAX_MS);
    raw.on('data', onData);
    raw.on('end', done);
    raw.on('error', done);
    raw.on('close', done);
    raw.resume();
  });
}

/**
 * The answer to an oversized body (issue 33): the rest of the body is read and thrown away before
 * the answer, which closes the connection once sent. Closed with the client's bytes unread, the
 * connection was reset and Node's fetch failed with EPIPE instead of reading this answer. Routes
 * with an error handler of their own use it too.
 */
export function answerTooLarge(request: FastifyRequest, reply: FastifyReply, envelope: boolean) {
  const tooLarge = envelopeOf(CODE.tooLarge, MSG.bodyTooLarge);
  return discardBody(request.raw).then(() => {
    reply.header('connection', 'close');
    return envelope ? reply.code(200).send(tooLarge) : reply.code(413).type('text/plain; charset=utf-8').send(tooLarge.message);
  });
}

/** socket errors of a lost or refused link (node's codes) and PostgreSQL's connection classes */
const LINK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);
/** what pg, its pool and ioredis throw, without a code, when the link drops or never comes */
const LINK_MESSAGES = /^(Connection terminated|Connection is closed|Client has encountered a connection error|timeout exceeded when trying to connect|Reached the max retries per request limit|Stream isn't writeable)/;

/**
 * issue 35 (the soak): an error that says the database or Redis could not be reached, not that
 * our code is wrong. Members are told the service is briefly unavailable (code 503), never a 500;
 * whatever the call began is settled by the ledger's keys and the jobs, as after any lost reply.
 */
export function isOutage(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; name?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && LINK_CODES.has(e.code)) return true;
    if (e.name === 'MaxRetriesPerRequestError') return true;
    if (typeof e.message === 'string' && LINK_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/**
 * Every /api answer is HTTP 200 with the envelope (DESIGN.md section 3): refusals carry
 * their own code, Fastify's own errors (bad JSON, huge bodies, wrong content type) are
 * named in Chinese, anything unexpected is logged and answered without a stack trace.
 */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) {
      return reply.code(200).send(envelopeOf(error.code, error.message));
    }
    const status = error.statusCode ?? 500;
    let body;
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return answerTooLarge(request, reply, isApi(request.url));
    }
    if (status === 429) {
      body = envelopeOf(CODE.tooMany, error.message || MSG.tooManyAttempts(1));
    } else if (status >= 400 && status < 500) {
      body = envelopeOf(CODE.invalid, MSG.badRequest);
    } else if (isOutage(error)) {
      request.log.warn({ err: error, url: request.url }, 'database or Redis unreachable');
      body = envelopeOf(CODE.maintenance, MSG.serviceUnavailable);
    } else {
      request.log.error({ err: error, url: request.url }, 'unhandled error');
      body = envelopeOf(CODE.error, MSG.serverError);
    }
    if (isApi(request.url)) return reply.code(200).send(body);
    return reply.code(body.code === CODE.maintenance ? 503 : status >= 400 ? status : 500).type('text/plain; charset=utf-8').send(body.message);
  });
}

/** Unknown /api paths answer the envelope; other GETs for a page get the app's index.html. */
export function installNotFound(app: FastifyInstance, serveIndex?: (reply: FastifyReply) => unknown) {
  app.setNotFoundHandler((request, reply) => {
    if (isApi(request.url)) return reply.code(200).send(envelopeOf(CODE.notFound, MSG.notFound));
    if (request.method === 'GET' && serveIndex && (request.headers.accept ?? '').includes('text/html')) {
      return serveIndex(reply);
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  });
}
