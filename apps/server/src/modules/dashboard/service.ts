import { BUSINESS_TZ, fenToYuan, type DashboardDay, type DashboardFigures, type DashboardSummary } from '@casino/contract';
import type { AppContext } from '../../context.ts';
import { beijingDayNumber } from '../../db/beijing-day.ts';
import { dayjs, toWireTime } from '../../lib/time.ts';
import { addKindSum, ggrOf, ngrOf, noFigures, type MoneyFigures } from '../wallet/index.ts';
import * as repo from './repo.ts';

/** a member counts as online for this long after their last call */
export const ONLINE_WINDOW_MS = 15 * 60_000;

interface Fen extends MoneyFigures {
  bets: number;
  result: number;
  new_members: number;
}
const zero = (): Fen => ({ ...noFigures(), bets: 0, result: 0, new_members: 0 });

/** GGR and NGR as the reports count them (wallet/figures.ts). */
function figures(f: Fen): DashboardFigures {
  const ggr = ggrOf(f.result);
  const ngr = ngrOf(f.result, f.bonuses, f.rebates, f.red_packets);
  return {
    deposits: fenToYuan(f.deposits),
    deposit_count: f.deposit_count,
    withdrawals: fenToYuan(f.withdrawals),
    withdrawal_count: f.withdrawal_count,
    bonuses: fenToYuan(f.bonuses),
    rebates: fenToYuan(f.rebates),
    red_packets: fenToYuan(f.red_packets),
    adjustments_in: fenToYuan(f.adjustments_in),
    adjustments_out: fenToYuan(f.adjustments_out),
    bets: fenToYuan(f.bets),
    ggr: fenToYuan(ggr),
    ngr: fenToYuan(ngr),
    new_members: f.new_members,
  };
}

/** Beijing day number (epoch days) of an instant */
const dayNumber = beijingDayNumber;

/** The dashboard: today and this month (Beijing), what waits for an operator, and a daily series. */
export function createDashboard(ctx: AppContext) {
  const { db } = ctx;

  /** figures per Beijing day in [from, to) */
  async function byDay(from: number, to: number): Promise<Map<number, Fen>> {
    const [ledger, bets, members] = await Promise.all([repo.ledgerByDay(db, from, to), repo.betsByDay(db, from, to), repo.membersByDay(db, from, to)]);
    const days = new Map<number, Fen>();
    const at = (d: number) => days.get(d) ?? days.set(d, zero()).get(d)!;
    for (const r of ledger) addKindSum(at(r.day), r);
    for (const b of bets) (at(b.day).bets += b.stake), (at(b.day).result += b.result);
    for (const m of members) at(m.day).new_members += m.n;
    return days;
  }

  const sum = (days: Iterable<Fen>) => {
    const total = zero();
    for (const d of days) for (const k of Object.keys(total) as (keyof Fen)[]) total[k] += d[k];
    return total;
  };

  return {
    async summary(now = Date.now()): Promise<DashboardSummary> {
      const bj = dayjs(now).tz(BUSINESS_TZ);
      const monthStart = bj.startOf('month').valueOf();
      const tomorrow = bj.startOf('day').add(1, 'day').valueOf();
      const [days, online, pending] = await Promise.all([byDay(monthStart, tomorrow), repo.online(db, now - ONLINE_WINDOW_MS), repo.pending(db)]);
      const today = days.get(dayNumber(now)) ?? zero();
      return { today: figures(today), month: figures(sum(days.values())), online, pending, at: toWireTime(now) };
    },

    /** the last `count` Beijing days, today included, oldest first; days without activity are zeros */
    async series(count: number, now = Date.now()): Promise<{ days: DashboardDay[] }> {
      const todayStart = dayjs(now).tz(BUSINESS_TZ).startOf('day');
      const from = todayStart.subtract(count - 1, 'day').valueOf();
      const days = await byDay(from, todayStart.add(1, 'day').valueOf());
      const first = dayNumber(from);
      return {
        days: Array.from({ length: count }, (_, i) => ({
          day: dayjs((first + i) * repo.DAY_MS).utc().format('YYYY-MM-DD'),
          ...figures(days.get(first + i) ?? zero()),
        })),
      };
    },
  };
}
export type Dashboard = ReturnType<typeof createDashboard>;
