import { BUSINESS_TZ, yuanToFen } from '@casino/contract';
import { dayjs } from '../../lib/time.ts';
import type { Settings } from '../site/index.ts';

/** The operator's withdrawal limits (site settings, whole yuan there) in fen. */
export interface WithdrawLimits {
  maxPerTxn: number;
  dailyCount: number;
  dailyMax: number;
  openFrom: string;
  openTo: string;
  /** 0: one approval is always enough */
  secondApprovalOver: number;
}

const fen = (yuan: unknown, fallback: number) => yuanToFen(yuan) ?? fallback;

export function limitsOf(s: Settings): WithdrawLimits {
  return {
    maxPerTxn: fen(s.withdraw_max_per_txn, 0),
    dailyCount: Number.isInteger(s.withdraw_daily_count) ? s.withdraw_daily_count : 0,
    dailyMax: fen(s.withdraw_daily_max, 0),
    openFrom: String(s.withdraw_open_from),
    openTo: String(s.withdraw_open_to),
    secondApprovalOver: fen(s.withdraw_second_approval_over, 0),
  };
}

const minutes = (hhmm: string) => {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
};

/**
 * Whether withdrawals are open at `now` (Beijing time): from <= t < to; from > to runs past
 * midnight (22:00-02:00); from == to is open all day.
 */
export function isOpen(l: Pick<WithdrawLimits, 'openFrom' | 'openTo'>, now: number): boolean {
  const from = minutes(l.openFrom);
  const to = minutes(l.openTo);
  if (from === to) return true;
  const local = dayjs(now).tz(BUSINESS_TZ);
  const t = local.hour() * 60 + local.minute();
  return from < to ? t >= from && t < to : t >= from || t < to;
}
