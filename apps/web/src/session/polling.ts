import { TIMERS } from '@casino/contract';
import { apiPost, BALANCE_PATH, onSessionEnded } from '../api/client';
import { useSession } from './store';

/**
 * Balance polling: POST /api/balance every 4300 ms while a member is logged in,
 * reading data.balance into userInfo.balance. One call in flight at a time.
 */
let timer: number | null = null;
let inFlight = false;

async function tick(): Promise<void> {
  if (inFlight || !useSession.getState().token) return;
  inFlight = true;
  try {
    const res = await apiPost<{ balance: number | string }>(BALANCE_PATH);
    if (res.code === 200 && res.data && timer !== null) {
      const balance = Number(res.data.balance);
      if (Number.isFinite(balance)) useSession.getState().setBalance(balance);
    }
  } finally {
    inFlight = false;
  }
}

/**
 * issue 37: one balance call now (the live stream dropped, or said the session ended): the balance
 * is fresh at once, and an ended session meets its 401 now rather than at the next tick. Call it
 * with the poll running (its answer is kept only while it is).
 */
export function pollBalanceNow(): void {
  void tick();
}

export function startBalancePolling(): void {
  if (timer !== null) return;
  timer = window.setInterval(() => void tick(), TIMERS.balancePollMs);
}

export function stopBalancePolling(): void {
  if (timer !== null) window.clearInterval(timer);
  timer = null;
}

// a call answered 401 on the member's own token: the poll stops before the site leaves for the login
onSessionEnded(stopBalancePolling);

export function isBalancePolling(): boolean {
  return timer !== null;
}
