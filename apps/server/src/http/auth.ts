import { CODE, MSG } from '@casino/contract';
import type { FastifyRequest } from 'fastify';
import { ApiError } from './envelope.ts';

export interface SessionMember {
  memberId: number;
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    member: SessionMember | null;
  }
}

export type SessionLookup = (token: string) => Promise<SessionMember | null>;

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+([A-Za-z0-9_-]{20,128})\s*$/.exec(header);
  return m ? m[1] : null;
}

/** preHandler for member calls: a missing, unknown, expired or revoked token answers code 401. */
export function memberGuard(lookup: SessionLookup) {
  return async function requireMember(request: FastifyRequest) {
    const token = bearerToken(request);
    const session = token ? await lookup(token) : null;
    if (!session) throw new ApiError(CODE.unauthorized, MSG.authExpired);
    request.member = session;
  };
}

/** The session's member id; only for handlers behind memberGuard. */
export function memberOf(request: FastifyRequest): SessionMember {
  if (!request.member) throw new ApiError(CODE.unauthorized, MSG.authExpired);
  return request.member;
}
