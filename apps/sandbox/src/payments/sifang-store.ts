import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { SifangMerchant } from './sifang-dialect.ts';

export interface SifangOrder {
  trade_no: string;
  merchant_id: string;
  merchant_order_no: string;
  amount_fen: number;
  /** the gateway's method code as the merchant sent it */
  pay_type: string;
  notify_url: string;
  return_url: string;
  state: 'pending' | 'paid' | 'failed';
  paid_fen: number | null;
  created_at: number;
  expires_at: number;
  paid_at: number | null;
  /** one id per settlement, the same in every delivery of its notify */
  notify_id: string | null;
  notify_attempts: number;
  acked_at: number | null;
}

/** The 四方 mode's merchant accounts and orders, in sandbox-sifang.sqlite (':memory:' for tests). */
export class SifangStore {
  private db: Database.Database;

  constructor(dataDir: string | undefined) {
    let file = ':memory:';
    if (dataDir && dataDir !== ':memory:') {
      fs.mkdirSync(dataDir, { recursive: true });
      file = path.join(dataDir, 'sandbox-sifang.sqlite');
    }
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`CREATE TABLE IF NOT EXISTS sifang_merchants (
      merchant_id TEXT PRIMARY KEY,
      spec TEXT NOT NULL,
      created_at INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS sifang_orders (
      trade_no TEXT PRIMARY KEY,
      merchant_id TEXT NOT NULL,
      merchant_order_no TEXT NOT NULL,
      amount_fen INTEGER NOT NULL CHECK (amount_fen > 0),
      pay_type TEXT NOT NULL,
      notify_url TEXT NOT NULL,
      return_url TEXT NOT NULL,
      state TEXT NOT NULL,
      paid_fen INTEGER,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      paid_at INTEGER,
      notify_id TEXT,
      notify_attempts INTEGER NOT NULL DEFAULT 0,
      acked_at INTEGER,
      UNIQUE (merchant_id, merchant_order_no)
    )`);
  }

  /** a new merchant account; false when the id is taken (an account is never overwritten) */
  addMerchant(m: SifangMerchant, now: number): boolean {
    const r = this.db.prepare('INSERT INTO sifang_merchants (merchant_id, spec, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING').run(m.merchant_id, JSON.stringify(m), now);
    return r.changes === 1;
  }

  merchant(id: string): SifangMerchant | undefined {
    const row = this.db.prepare('SELECT spec FROM sifang_merchants WHERE merchant_id = ?').get(id) as { spec: string } | undefined;
    return row ? (JSON.parse(row.spec) as SifangMerchant) : undefined;
  }

  /** a new order, or the merchant's existing one with that number (creation is idempotent) */
  create(o: Pick<SifangOrder, 'merchant_id' | 'merchant_order_no' | 'amount_fen' | 'pay_type' | 'notify_url' | 'return_url'>, now: number, ttlMs: number): SifangOrder {
    const existing = this.byMerchantNo(o.merchant_id, o.merchant_order_no);
    if (existing) return existing;
    const tradeNo = `SF${randomBytes(10).toString('hex').toUpperCase()}`;
    this.db
      .prepare(
        `INSERT INTO sifang_orders (trade_no, merchant_id, merchant_order_no, amount_fen, pay_type, notify_url, return_url, state, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?) ON CONFLICT (merchant_id, merchant_order_no) DO NOTHING`,
      )
      .run(tradeNo, o.merchant_id, o.merchant_order_no, o.amount_fen, o.pay_type, o.notify_url, o.return_url, now, now + ttlMs);
    return this.byMerchantNo(o.merchant_id, o.merchant_order_no)!;
  }

  get(tradeNo: string): SifangOrder | undefined {
    return this.db.prepare('SELECT * FROM sifang_orders WHERE trade_no = ?').get(tradeNo) as SifangOrder | undefined;
  }

  byMerchantNo(merchantId: string, no: string): SifangOrder | undefined {
    return this.db.prepare('SELECT * FROM sifang_orders WHERE merchant_id = ? AND merchant_order_no = ?').get(merchantId, no) as SifangOrder | undefined;
  }

  /** the latest order of any merchant with this merchant order number (the operator's renotify by our number) */
  latestByMerchantNo(no: string): SifangOrder | undefined {
    return this.db.prepare('SELECT * FROM sifang_orders WHERE merchant_order_no = ? ORDER BY created_at DESC LIMIT 1').get(no) as SifangOrder | undefined;
  }

  /** pending -> paid | failed, once; answers the order when this call decided it */
  settle(tradeNo: string, state: 'paid' | 'failed', paidFen: number | null, now: number): SifangOrder | undefined {
    const notifyId = `N${randomBytes(12).toString('hex')}`;
    const r = this.db
      .prepare(`UPDATE sifang_orders SET state = ?, paid_fen = ?, paid_at = ?, notify_id = ? WHERE trade_no = ? AND state = 'pending'`)
      .run(state, paidFen, now, notifyId, tradeNo);
    return r.changes === 1 ? this.get(tradeNo) : undefined;
  }

  countAttempt(tradeNo: string): void {
    this.db.prepare('UPDATE sifang_orders SET notify_attempts = notify_attempts + 1 WHERE trade_no = ?').run(tradeNo);
  }

  acked(tradeNo: string, now: number): void {
    this.db.prepare('UPDATE sifang_orders SET acked_at = coalesce(acked_at, ?) WHERE trade_no = ?').run(now, tradeNo);
  }

  unacknowledged(): SifangOrder[] {
    return this.db.prepare(`SELECT * FROM sifang_orders WHERE state != 'pending' AND acked_at IS NULL`).all() as SifangOrder[];
  }

  close() {
    this.db.close();
  }
}
