import type { ApiResult } from './client';

/** A failed call carried through TanStack Query: the envelope, to decide what to show. */
export class ApiFailure extends Error {
  constructor(readonly result: ApiResult<unknown>) {
    super(result.message || 'request failed');
  }
}
