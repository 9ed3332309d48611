import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';

/**
 * Request ids and the access log (DESIGN.md section 14, issue 23).
 *
 * Every request gets an id: the X-Request-Id a proxy in front set (nginx's $request_id), when
 * it is a plain token, else 16 random hex digits (unique across processes, unlike Fastify's
 * per-process counter). Every reply carries it in the X-Request-Id header, and every /api error
 * envelope (code other than 200) also as `request_id`, so a member's or operator's report of
 * a failure leads to its log lines.
 *
 * One JSON line per request at info: method, route (the pattern, never the query string, which
 * may carry a launch token), HTTP status, envelope code, time, member or operator id, request
 * id, client address. Never bodies, headers or tokens.
 */

const INCOMING_ID = /^[A-Za-z0-9._:-]{8,64}$/;

// issue 24: random bytes drawn 4 KiB at a time; one system call per request cost the balance poll ~5% of its time
let pool = Buffer.alloc(0);
let used = 0;

/** Fastify's genReqId: the proxy's id when it looks like one, else a new random one */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  if (typeof given === 'string' && INCOMING_ID.test(given)) return given;
  if (used + 8 > pool.length) {
    pool = randomBytes(4096);
    used = 0;
  }
  used += 8;
  return pool.toString('hex', used - 8, used);
}

/** probes are called every few seconds by every balancer: their lines go to debug */
const QUIET_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);

/** `{"code":401,...}` -> 401 (the envelope code of a serialized /api reply), else undefined */
function envelopeCode(payload: unknown): number | undefined {
  if (typeof payload !== 'string' || !payload.startsWith('{"code":')) return undefined;
  if (payload.startsWith('{"code":200,')) return 200; // most answers, without the expression
  const m = /^\{"code":(-?\d+)/.exec(payload);
  return m ? Number(m[1]) : undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the envelope code this request was answered (for the access log) */
    envelopeCode?: number;
  }
}

/**
 * Installs the request-id header, the error envelope's request_id and the access-log line.
 * Install before any plugin that transforms the body on send (compression): the request id
 * goes into the JSON text.
 */
export function installAccessLog(http: FastifyInstance, log: Logger, opts: { enabled: boolean }) {
  http.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  http.addHook('onSend', async (request, _reply, payload) => {
    const code = envelopeCode(payload);
    if (code === undefined) return payload;
    request.envelopeCode = code;
    if (code === 200) return payload;
    const text = payload as string;
    // the envelope is an object serialized by us: append the id as its last field
    return text.endsWith('}') ? `${text.slice(0, -1)},"request_id":${JSON.stringify(request.id)}}` : text;
  });
  if (!opts.enabled) return;
  http.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url ?? '(no route)';
    // issue 24: nothing to build when the line would not be written (LOG_LEVEL above info)
    if (!log.isLevelEnabled(QUIET_ROUTES.has(route) ? 'debug' : 'info')) return;
    const line = {
      req_id: request.id,
      method: request.method,
      route,
      status: reply.statusCode,
      ...(request.envelopeCode !== undefined ? { code: request.envelopeCode } : {}),
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ...(request.member ? { member_id: request.member.memberId } : {}),
      ...(request.admin ? { operator_id: request.admin.adminId } : {}),
      ip: request.ip,
    };
    if (QUIET_ROUTES.has(route)) log.debug(line, 'request');
    else log.info(line, 'request');
  });
}
