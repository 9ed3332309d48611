import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CENTRAL_WALLET, CENTRAL_WALLET_NAME, MSG, type BalanceEntry, type UserInfo } from '@casino/contract';
import { apiPost, failureText, type ApiResult } from '../../api/client';
import { ApiFailure } from '../../api/failure';
import { useSession } from '../../session/store';
import { refreshUserMoney } from '../../session/actions';
import { useBalanceActions } from '../../session/useBalanceActions';
import { toast } from '../../ui/feedback';

/*
 * Bundling note: the money screens reach the first screen's session modules the way the
 * member centre does (through useBalanceActions / actions / ui/feedback). When lazy pages
 * reached only part of that group, the bundler (rolldown) pulled the shared modules out of
 * the entry chunk into extra first-load files; keep it that way when editing.
 */

/** Query key of POST /api/balancelist. */
export const BALANCE_LIST_KEY = ['balancelist'] as const;

export { ApiFailure };

/** Change some cached userInfo fields (stored under userInfo); no-op when nothing changes. */
export function patchUser(patch: Partial<UserInfo>): void {
  const { user, setUser } = useSession.getState();
  if (!user) return;
  const keys = Object.keys(patch) as (keyof UserInfo)[];
  if (keys.every((k) => user[k] === patch[k])) return;
  setUser({ ...user, ...patch });
}

const toNumber = (v: unknown) => {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
};

/**
 * POST /api/balancelist: the venues' balances (issue 19: venues only, as spec section 3 has the
 * client add the 平台钱包 entry itself; an older server's own userbalance entry is still read).
 */
async function fetchBalanceList(): Promise<BalanceEntry[]> {
  const res = await apiPost<BalanceEntry[]>('/api/balancelist', {});
  if (res.code !== 200 || !Array.isArray(res.data)) throw new ApiFailure(res);
  return res.data.map((e) => ({
    name: String(e.name ?? e.platname),
    platname: String(e.platname),
    balance: toNumber(e.balance),
    // issue 38: a seamless venue (played from the central wallet)
    ...(e.seamless === 1 ? { seamless: 1 as const } : {}),
  }));
}

export interface Wallets {
  /**
   * the transfer pickers' list: the synthetic 平台钱包 entry (userbalance, spec section 3) first,
   * holding the central wallet as userInfo has it, then one per venue; empty until the venues load
   */
  entries: BalanceEntry[];
  /** the venue entries only (the synthetic 平台钱包 entry left out); seamless venues left out */
  venues: BalanceEntry[];
  /** every venue, seamless ones included (the records' venue filter) */
  allVenues: BalanceEntry[];
  central: number;
  /** sum of the venue balances */
  game: number;
}

function summarise(entries: BalanceEntry[] | undefined, fallbackCentral: number, fallbackGame: number): Wallets {
  if (!entries) return { entries: [], venues: [], allVenues: [], central: fallbackCentral, game: fallbackGame };
  const centralEntry = entries.find((e) => e.platname === CENTRAL_WALLET);
  const allVenues = entries.filter((e) => e.platname !== CENTRAL_WALLET);
  // issue 38: a seamless venue holds no balance and takes no transfer (money left there from its
  // transfer days still shows, so that it can be brought back)
  const venues = allVenues.filter((e) => e.seamless !== 1 || e.balance > 0);
  // sum in fen: 0.1 + 0.2 must read 0.30
  const gameFen = venues.reduce((sum, v) => sum + Math.round(v.balance * 100), 0);
  const central = centralEntry ? centralEntry.balance : fallbackCentral;
  const all = [{ name: CENTRAL_WALLET_NAME, platname: CENTRAL_WALLET, balance: central }, ...venues];
  return { entries: all, venues, allVenues, central, game: gameFen / 100 };
}

export interface BalanceListOptions {
  /** poll every so many ms while the screen is shown (TanStack Query stops when it unmounts) */
  intervalMs?: number;
  /** never toast a failure (pickers that only need venue names) */
  quiet?: boolean;
}

/**
 * POST /api/balancelist, optionally polled. Polling belongs to the query observer of the
 * screen: when the screen unmounts the observer goes and so does the interval (and it
 * pauses while the browser tab is hidden). A failure is toasted once per run of failures
 * (spec section 8), not every 1.5 s. Successful answers update the cached userInfo
 * (balance and gameblance) so the header agrees with the screen.
 */
export function useBalanceList({ intervalMs, quiet = false }: BalanceListOptions = {}) {
  const queryClient = useQueryClient();
  const user = useSession((s) => s.user);
  const query = useQuery({
    queryKey: BALANCE_LIST_KEY,
    queryFn: fetchBalanceList,
    refetchInterval: intervalMs ?? false,
    refetchIntervalInBackground: false,
    retry: false,
    staleTime: intervalMs ? 0 : 15_000,
  });

  // toast the first failure of a run; a success ends the run
  const failing = useRef(false);
  useEffect(() => {
    if (query.status === 'success' && !query.isRefetchError) failing.current = false;
  }, [query.dataUpdatedAt, query.status, query.isRefetchError]);
  useEffect(() => {
    if (!query.error || failing.current) return;
    failing.current = true;
    if (quiet) return;
    const msg = query.error instanceof ApiFailure ? failureText(query.error.result) : null;
    if (msg) toast(msg, 'fail');
  }, [query.errorUpdatedAt, query.error, quiet]);

  const wallets = useMemo(
    () => summarise(query.data, toNumber(user?.balance), toNumber(user?.gameblance)),
    [query.data, user?.balance, user?.gameblance],
  );

  // the venues' sum is the game wallet the header shows; the central wallet comes from userInfo
  // (kept fresh by the balance polling), or from the list when an older server still sends it
  useEffect(() => {
    if (!query.data) return;
    const central = query.data.find((e) => e.platname === CENTRAL_WALLET);
    patchUser(central ? { balance: central.balance, gameblance: wallets.game } : { gameblance: wallets.game });
  }, [query.data, wallets.game]);

  // the refresh icon: the list and userInfo; the icon turns at least once
  const [refreshing, setRefreshing] = useState(false);
  const refresh = useCallback(async () => {
    if (refreshing) return;
    setRefreshing(true);
    failing.current = false; // a tap deserves an answer even during a run of failures
    const started = Date.now();
    await Promise.all([queryClient.refetchQueries({ queryKey: BALANCE_LIST_KEY, exact: true }), refreshUserMoney()]);
    await new Promise((r) => setTimeout(r, Math.max(0, 500 - (Date.now() - started))));
    setRefreshing(false);
  }, [refreshing, queryClient]);

  return {
    ...wallets,
    /** true until the first answer (or failure) */
    loading: query.isPending,
    /** no list to show: the call failed and nothing was loaded before */
    failed: query.isError && query.data === undefined,
    loaded: query.isSuccess || query.data !== undefined,
    refreshing,
    refresh,
  };
}

/**
 * 一键回收 on the money screens: the header's recover-all (POST /api/transall, the server's
 * message toasted, userInfo refreshed), then the venue list at once instead of at the next poll.
 */
export function useRecoverAll() {
  const { recovering, recover } = useBalanceActions();
  const queryClient = useQueryClient();
  const run = useCallback(async () => {
    await recover();
    await queryClient.invalidateQueries({ queryKey: BALANCE_LIST_KEY });
  }, [recover, queryClient]);
  return { recovering, recover: run };
}

/** After money moved: the venue list and userInfo again. */
export function useAfterMoneyMoved() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: BALANCE_LIST_KEY }), refreshUserMoney()]);
  }, [queryClient]);
}

/**
 * Toast a finished money call with the server message (spec section 8: transfers and
 * recovery show the server message). Silent on network failures and 401. True on success.
 */
export function toastResult(res: ApiResult<unknown>, okText: string = MSG.ok): boolean {
  if (res.network || res.code === 401) return false;
  if (res.code === 200) {
    toast(res.message || okText, 'success');
    return true;
  }
  toast(res.message || MSG.serverError, 'fail');
  return false;
}
