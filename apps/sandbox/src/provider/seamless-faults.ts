import type { SeamlessFaultMode, SeamlessFaultResponse, SeamlessOp } from './seamless-types.ts';

export const SEAMLESS_FAULT_MODES: readonly SeamlessFaultMode[] = ['duplicate', 'late', 'out_of_order', 'timeout'];

interface Armed {
  mode: SeamlessFaultMode;
  remaining: number;
  op: SeamlessOp | null;
}

/**
 * Faults of the seamless mode, armed by tests (POST {prefix}/provider/test/seamless-faults; only
 * with faults: true): how a real provider's calls reach a wallet API on a bad day.
 */
export class SeamlessFaults {
  private armed: Armed[] = [];
  /** work to cut short when the app closes (late sends): run at once then */
  private readonly held = new Set<() => void>();

  constructor(readonly lateMs = 2_000) {}

  arm(mode: SeamlessFaultMode, count: number, op: SeamlessOp | null) {
    this.armed.push({ mode, remaining: count, op });
  }

  clear() {
    this.armed = [];
  }

  state(pending: number): SeamlessFaultResponse {
    return { armed: this.armed.map((a) => ({ ...a })), pending };
  }

  /** consumes one armed fault of `mode` matching `op` (any op for out_of_order); false when none */
  take(mode: SeamlessFaultMode, op: SeamlessOp): boolean {
    const a = this.armed.find((x) => x.mode === mode && x.remaining > 0 && (mode === 'out_of_order' || x.op === null || x.op === op));
    if (!a) return false;
    a.remaining -= 1;
    this.armed = this.armed.filter((x) => x.remaining > 0);
    return true;
  }

  /** resolves after lateMs, or at once when the app closes first */
  hold(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.held.delete(done);
        resolve();
      };
      const timer = setTimeout(done, this.lateMs);
      this.held.add(done);
    });
  }

  releaseAll() {
    for (const done of [...this.held]) done();
  }
}
