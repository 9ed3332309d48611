import { beijingDayNumber } from '../../db/beijing-day.ts';

/**
 * Two userInfo fields the original front-end reads (issue 19) on /mine: 加入{title}第{joinday}天
 * and, by isagent, either 申请代理 (0) or the agent portal (1).
 */

/** Whole Beijing days since registration: 0 on the day of registering, 1 from the next midnight. */
export function joinDay(registeredAt: number, now: number): number {
  return Math.max(0, beijingDayNumber(now) - beijingDayNumber(registeredAt));
}

/**
 * 1 when the member is an agent, else 0. There is no agent record yet (DESIGN.md section 12:
 * "an agent is a member with an agent record"; an approved application is not one), so every
 * member answers 0. The agent module fills this in through the accounts hook `isAgent`
 * (AccountsHooks, wired in app.ts); nothing else computes the flag.
 */
export async function agentFlag(memberId: number, hooks?: { isAgent?(memberId: number): Promise<boolean> }): Promise<0 | 1> {
  return hooks?.isAgent && (await hooks.isAgent(memberId)) ? 1 : 0;
}
