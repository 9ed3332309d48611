import { CODE, MSG } from '@casino/contract';
import type { FastifyRequest } from 'fastify';
import { ApiError } from './envelope.ts';

export interface SessionMember {
  memberId: number;
  tokenHash: string;
}

export interface SessionAdmin {
  adminId: number;
  username: string;
  role: string;
  /** permission slugs of the role ('*' = all); checked on every /admin/api call */
  permissions: string[];
  tokenHash: string;
  /** JSON list of addresses / ranges the operator may call from ([] = any); checked on every call (issue 12) */
  ipAllowlist?: string;
  /**
   * issue 25: a first-sign-in step still owed ('password': set their own; 'totp': enrol a second
   * factor); until it is done only the operator's own account calls answer (admin-routes.ts)
   */
  setup?: 'password' | 'totp' | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    member: SessionMember | null;
    admin: SessionAdmin | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+([A-Za-z0-9_-]{20,128})\s*$/.exec(header);
  return m ? m[1] : null;
}

/** preHandler: a missing, unknown, expired or revoked token (or one of the other kind) answers code 401. */
function bearerGuard<T>(lookup: (token: string) => Promise<T | null>, keep: (request: FastifyRequest, session: T) => void) {
  return async function guard(request: FastifyRequest) {
    const token = bearerToken(request);
    const session = token ? await lookup(token) : null;
    if (!session) throw new ApiError(CODE.unauthorized, MSG.authExpired);
    keep(request, session);
  };
}

export const memberGuard = (lookup: (token: string) => Promise<SessionMember | null>) =>
  bearerGuard(lookup, (request, session) => {
    request.member = session;
  });

export const adminGuard = (lookup: (token: string) => Promise<SessionAdmin | null>) =>
  bearerGuard(lookup, (request, session) => {
    request.admin = session;
  });

/** The session's member; only for handlers behind memberGuard. */
export function memberOf(request: FastifyRequest): SessionMember {
  if (!request.member) throw new ApiError(CODE.unauthorized, MSG.authExpired);
  return request.member;
}

/** The session's operator; only for handlers behind adminGuard. */
export function adminOf(request: FastifyRequest): SessionAdmin {
  if (!request.admin) throw new ApiError(CODE.unauthorized, MSG.authExpired);
  return request.admin;
}
