import { check } from '@casino/contract';
import type { z } from 'zod';
import { refuse } from './envelope.ts';

/** Parse a request part with its contract schema; refuse with the first rule's message. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = check(schema, input ?? {});
  if (!result.ok) refuse(result.message);
  return result.data;
}
