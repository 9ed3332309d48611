import { useEffect, useState, type ReactNode } from 'react';
import { DEPOSIT_PHASE, DEPOSIT_PHASES, type DepositPhase } from '@casino/contract';
import { IconClock } from '../components/icons';
import './OrderPhase.css';

/**
 * A deposit order's state as every member screen shows it (issue 34 point 3): the contract's one
 * name (DEPOSIT_PHASE) as a tag, the server's why under it, and only while the order waits for
 * its payment the countdown and the way to pay (`pay`). 支付信息, 交易记录, 待处理订单 and the
 * deposit page after the cashier all use this, so an order never reads 待支付 on one screen and
 * 待审核 on another.
 */

/** Beijing wire time ('yyyy-MM-dd HH:mm:ss') to epoch ms. */
export const wireMs = (s: string) => Date.parse(`${s.replace(' ', 'T')}+08:00`);

export const phaseOf = (raw: unknown): DepositPhase => ((DEPOSIT_PHASES as readonly string[]).includes(String(raw)) ? (raw as DepositPhase) : 'review');

/** seconds left until `until` (epoch ms), ticking every second, and its mm:ss */
export function useCountdown(until: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(t);
  }, []);
  const left = Number.isFinite(until) ? Math.max(0, Math.floor((until - now) / 1000)) : 0;
  return { left, text: `${String(Math.floor(left / 60)).padStart(2, '0')}:${String(left % 60).padStart(2, '0')}` };
}

/** the state's tag: its one name, in its tone */
export function PhaseTag({ phase, testId = 'order-phase' }: { phase: DepositPhase; testId?: string }) {
  const look = DEPOSIT_PHASE[phase];
  return (
    <span className={`op-tag op-tag--${look.tone}`} data-testid={testId} data-phase={phase}>
      {look.name}
    </span>
  );
}

/**
 * The line under an order: the why (待审核, 已拒绝, 已过期, 已取消), or while unpaid the time left and
 * the pay action. An unpaid order whose time ran out on this screen reads as 已过期 at once.
 */
export function PhaseLine({ phase, why, expiresAt, pay }: { phase: DepositPhase; why: string; expiresAt: number; pay?: ReactNode }) {
  const { left, text } = useCountdown(expiresAt);
  if (DEPOSIT_PHASE[phase].pay) {
    if (left === 0) return <p className="op-why" data-testid="order-why">订单已超时，如已付款请联系在线客服</p>;
    return (
      <div className="op-pay">
        <span className="op-left" data-testid="order-countdown">
          <IconClock size={13} /> 剩余 <b className="num">{text}</b>
        </span>
        {pay}
      </div>
    );
  }
  return why ? (
    <p className="op-why" data-testid="order-why">
      {why}
    </p>
  ) : null;
}

/** the phase shown right now: an unpaid order past its deadline is expired (the server says so on its next answer) */
export function livePhase(phase: DepositPhase, expiresAt: number, now = Date.now()): DepositPhase {
  return DEPOSIT_PHASE[phase].pay && Number.isFinite(expiresAt) && now >= expiresAt ? 'expired' : phase;
}
