import type { ProviderErrorCode } from './types.ts';

/** a refusal with its HTTP status and the code callers can branch on */
export class ProviderHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ProviderErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new ProviderHttpError(400, 'bad_request', message);
