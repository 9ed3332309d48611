import { HttpRefusal } from '../json-api.ts';
import type { ProviderErrorCode } from './types.ts';

/** a refusal with its HTTP status and the provider's code callers can branch on */
export class ProviderHttpError extends HttpRefusal<ProviderErrorCode> {}

export const badRequest = (message: string) => new ProviderHttpError(400, 'bad_request', message);
