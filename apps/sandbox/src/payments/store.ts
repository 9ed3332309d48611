import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/** pending until the payer confirms or fails it on the cashier page */
export type PayOrderState = 'pending' | 'paid' | 'failed';

export interface PayOrder {
  order_no: string;
  merchant_order_no: string;
  amount_fen: number;
  pay_type: string;
  notify_url: string;
  return_url: string;
  state: PayOrderState;
  paid_fen: number | null;
  created_at: number;
  expires_at: number;
  paid_at: number | null;
  /** notify deliveries tried, and when the merchant acknowledged one */
  notify_attempts: number;
  acked_at: number | null;
}

/**
 * The gateway's own books, in a SQLite file of its own (sandbox-pay.sqlite), never the
 * server's database. ':memory:' for tests.
 */
export class PayStore {
  private db: Database.Database;

  constructor(dataDir: string | undefined) {
    let file = ':memory:';
    if (dataDir && dataDir !== ':memory:') {
      fs.mkdirSync(dataDir, { recursive: true });
      file = path.join(dataDir, 'sandbox-pay.sqlite');
    }
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`CREATE TABLE IF NOT EXISTS pay_orders (
      order_no TEXT PRIMARY KEY,
      merchant_order_no TEXT NOT NULL UNIQUE,
      amount_fen INTEGER NOT NULL CHECK (amount_fen > 0),
      pay_type TEXT NOT NULL,
      notify_url TEXT NOT NULL,
      return_url TEXT NOT NULL,
      state TEXT NOT NULL,
      paid_fen INTEGER,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      paid_at INTEGER,
      notify_attempts INTEGER NOT NULL DEFAULT 0,
      acked_at INTEGER
    )`);
  }

  /** A new order, or the existing one for this merchant order number (creation is idempotent). */
  create(o: Pick<PayOrder, 'merchant_order_no' | 'amount_fen' | 'pay_type' | 'notify_url' | 'return_url'>, now: number, ttlMs: number): { order: PayOrder; created: boolean } {
    const existing = this.byMerchantNo(o.merchant_order_no);
    if (existing) return { order: existing, created: false };
    // unique by the primary key; 20 random characters never need a retry in practice
    const orderNo = `SP${randomBytes(10).toString('hex').toUpperCase()}`;
    this.db
      .prepare(
        `INSERT INTO pay_orders (order_no, merchant_order_no, amount_fen, pay_type, notify_url, return_url, state, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?) ON CONFLICT (merchant_order_no) DO NOTHING`,
      )
      .run(orderNo, o.merchant_order_no, o.amount_fen, o.pay_type, o.notify_url, o.return_url, now, now + ttlMs);
    const order = this.byMerchantNo(o.merchant_order_no)!;
    return { order, created: order.order_no === orderNo };
  }

  get(orderNo: string): PayOrder | undefined {
    return this.db.prepare('SELECT * FROM pay_orders WHERE order_no = ?').get(orderNo) as PayOrder | undefined;
  }

  byMerchantNo(no: string): PayOrder | undefined {
    return this.db.prepare('SELECT * FROM pay_orders WHERE merchant_order_no = ?').get(no) as PayOrder | undefined;
  }

  /** pending -> paid | failed, once; answers the order when this call decided it */
  settle(orderNo: string, state: 'paid' | 'failed', paidFen: number | null, now: number): PayOrder | undefined {
    const r = this.db
      .prepare(`UPDATE pay_orders SET state = ?, paid_fen = ?, paid_at = ? WHERE order_no = ? AND state = 'pending'`)
      .run(state, paidFen, now, orderNo);
    return r.changes === 1 ? this.get(orderNo) : undefined;
  }

  countAttempt(orderNo: string): void {
    this.db.prepare('UPDATE pay_orders SET notify_attempts = notify_attempts + 1 WHERE order_no = ?').run(orderNo);
  }

  acked(orderNo: string, now: number): void {
    this.db.prepare('UPDATE pay_orders SET acked_at = coalesce(acked_at, ?) WHERE order_no = ?').run(now, orderNo);
  }

  /** settled orders whose notify nobody acknowledged yet (re-sent after a restart) */
  unacknowledged(): PayOrder[] {
    return this.db.prepare(`SELECT * FROM pay_orders WHERE state != 'pending' AND acked_at IS NULL`).all() as PayOrder[];
  }

  close() {
    this.db.close();
  }
}
