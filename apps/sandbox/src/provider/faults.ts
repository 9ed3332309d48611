import type { FaultMode, FaultResponse, FaultTarget, TransferType } from './types.ts';

export const FAULT_MODES: readonly FaultMode[] = ['timeout', 'error', 'lost_reply', 'late', 'slow'];

export interface FaultTimings {
  /** `timeout`: how long the call is held before its connection is dropped (default 60 s) */
  hangMs?: number;
  /** `late`: how long after the 504 the movement is applied (default 3 s) */
  lateMs?: number;
  /**
   * `slow`: how long the call is held before it is carried out and answered normally (default
   * 5 s): a venue that is really slow, so a test of our time-outs does not race a zero time-out
   */
  slowMs?: number;
}

interface Armed {
  mode: FaultMode;
  remaining: number;
  type: FaultTarget | null;
}

/**
 * Faults armed by tests for the next deposit/withdraw calls (see README "Fault modes").
 * Only exists when the plugin runs with faults: true.
 */
export class Faults {
  private armed: Armed[] = [];
  readonly hangMs: number;
  readonly lateMs: number;
  readonly slowMs: number;
  /** work to cut short when the app closes: held connections and late movements */
  private readonly pending = new Set<() => void>();

  constructor(t: FaultTimings = {}) {
    this.hangMs = t.hangMs ?? 60_000;
    this.lateMs = t.lateMs ?? 3_000;
    this.slowMs = t.slowMs ?? 5_000;
  }

  arm(mode: FaultMode, count: number, type: FaultTarget | null) {
    this.armed.push({ mode, remaining: count, type });
  }

  clear() {
    this.armed = [];
  }

  state(): FaultResponse {
    return { armed: this.armed.map((a) => ({ ...a })), pending: this.pending.size };
  }

  /** the fault for this deposit/withdraw call, consumed; null for a normal call */
  take(type: TransferType): FaultMode | null {
    return this.consume((x) => x.type === null || x.type === type);
  }

  /** a balance read armed 'slow': waits slowMs (or until the app closes), else answers at once */
  async slowRead(): Promise<void> {
    if (!this.consume((x) => x.type === 'balance' && x.mode === 'slow')) return;
    await new Promise<void>((resolve) => this.later(this.slowMs, resolve, resolve));
  }

  private consume(matches: (a: Armed) => boolean): FaultMode | null {
    const a = this.armed.find((x) => x.remaining > 0 && matches(x));
    if (!a) return null;
    a.remaining -= 1;
    this.armed = this.armed.filter((x) => x.remaining > 0);
    return a.mode;
  }

  /** runs `fn` after `ms` unless the app closes first; `onCancel` runs instead then */
  later(ms: number, fn: () => void, onCancel: () => void = () => {}) {
    const cancel = () => {
      clearTimeout(timer);
      this.pending.delete(cancel);
      onCancel();
    };
    const timer = setTimeout(() => {
      this.pending.delete(cancel);
      fn();
    }, ms);
    this.pending.add(cancel);
    return cancel;
  }

  closeAll() {
    for (const cancel of [...this.pending]) cancel();
  }
}
