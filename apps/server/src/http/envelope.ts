import { CODE, MSG, type Envelope } from '@casino/contract';

/** A refusal a member should read: answered as the envelope with this code and message. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export function ok<T>(data: T, message: string = MSG.ok): Envelope<T> {
  return { code: CODE.ok, message, data };
}

export function refuse(message: string, code: number = CODE.invalid): never {
  throw new ApiError(code, message);
}

export function envelopeOf(code: number, message: string): Envelope<null> {
  return { code, message, data: null };
}
