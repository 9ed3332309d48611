import type { FastifyRequest } from 'fastify';

/** The caller's address and browser, as audit rows and sign-in records keep them. */
export const clientMeta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });
