import { z } from 'zod';
import { plainLine } from '../text-rules.ts';
import { adminFilter, adminPage, adminPerPage, ADMIN_COMMON_MSG } from './admin-shared.ts';

/** The messages a two-person queue's calls refuse with (its own words: 调整单号, 豁免单号...). */
export interface QueueMsg {
  state: string;
  /** the request's number is missing or malformed */
  no: string;
  notFound: string;
  rejectReason: string;
}

/**
 * The three calls of a queue whose requests wait for a second operator (manual adjustments,
 * turnover waivers): list {state?, username?, page, per_page}, approve {<no>} and reject {<no>,
 * reason}. One shape for each queue; `key` names the request's number field.
 */
export function queueSchemas<const K extends string, const S extends readonly [string, ...string[]]>(key: K, states: S, msg: QueueMsg) {
  const no = z.string({ error: msg.no }).trim().min(1, msg.no).max(40, msg.notFound);
  const reason = z.string({ error: msg.rejectReason }).trim().min(1, msg.rejectReason).max(200, msg.rejectReason).refine(...plainLine('拒绝原因'));
  const list = z.object(
    {
      state: z
        .union([z.enum(states), z.literal(''), z.null()], { error: msg.state })
        .optional()
        .transform((v) => v || undefined),
      username: adminFilter(32),
      page: adminPage,
      per_page: adminPerPage,
    },
    { error: ADMIN_COMMON_MSG.badRequest },
  );
  const approve = z.object({ [key]: no } as Record<K, typeof no>, { error: msg.no });
  const reject = z.object({ [key]: no, reason } as Record<K, typeof no> & { reason: typeof reason }, { error: msg.no });
  return { list, approve, reject };
}
