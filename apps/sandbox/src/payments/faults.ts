/**
 * Notify faults armed by tests (only when the sandbox runs with faults: true), each for the
 * next `count` notify deliveries:
 * - lost: the delivery is dropped (the retry schedule goes on);
 * - duplicate: the same signed notify is sent `copies` times at once;
 * - late: the delivery waits `lateMs` before it is sent;
 * - bad_signature: the notify is signed with a wrong secret.
 */
export const PAY_FAULT_MODES = ['lost', 'duplicate', 'late', 'bad_signature'] as const;
export type PayFaultMode = (typeof PAY_FAULT_MODES)[number];

export interface PayFaultOptions {
  /** `late`: delay before the delivery (default 3 s) */
  lateMs?: number;
  /** `duplicate`: copies sent at once (default 5) */
  copies?: number;
}

export class PayFaults {
  private armed: { mode: PayFaultMode; remaining: number }[] = [];
  readonly lateMs: number;
  readonly copies: number;

  constructor(o: PayFaultOptions = {}) {
    this.lateMs = o.lateMs ?? 3000;
    this.copies = o.copies ?? 5;
  }

  arm(mode: PayFaultMode, count: number) {
    this.armed.push({ mode, remaining: count });
  }

  clear() {
    this.armed = [];
  }

  state() {
    return { armed: this.armed.map((a) => ({ ...a })) };
  }

  /** the fault of the next delivery, consumed; null for a normal one */
  take(): PayFaultMode | null {
    const a = this.armed.find((x) => x.remaining > 0);
    if (!a) return null;
    a.remaining -= 1;
    this.armed = this.armed.filter((x) => x.remaining > 0);
    return a.mode;
  }
}
