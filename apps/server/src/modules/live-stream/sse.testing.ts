import type { LiveEvent } from '@casino/contract';
import { openSse } from '../../../test/sse.ts';

/** The member's live-update stream (GET /api/stream) read in tests and the bench. */
export const openLive = (url: string) => openSse<LiveEvent>(url);
