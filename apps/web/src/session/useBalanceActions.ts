import { useCallback, useState } from 'react';
import { failureText } from '../api/client';
import { toast } from '../ui/feedback';
import { recoverAll, refreshUserMoney } from './actions';

/** The header's (and member centre's) refresh-balance and recover-all buttons. */
export function useBalanceActions() {
  const [refreshing, setRefreshing] = useState(false);
  const [recovering, setRecovering] = useState(false);

  const refresh = useCallback(async () => {
    if (refreshing) return;
    setRefreshing(true);
    const started = Date.now();
    const res = await refreshUserMoney();
    // let the icon turn at least once so the tap is acknowledged
    await new Promise((r) => setTimeout(r, Math.max(0, 500 - (Date.now() - started))));
    setRefreshing(false);
    const fail = failureText(res);
    if (fail) toast(fail, 'fail');
  }, [refreshing]);

  const recover = useCallback(async () => {
    if (recovering) return;
    setRecovering(true);
    const res = await recoverAll();
    setRecovering(false);
    if (res.network || res.code === 401) return;
    if (res.message) toast(res.message, res.code === 200 ? 'success' : 'fail');
    setRefreshing(true);
    await refreshUserMoney();
    setRefreshing(false);
  }, [recovering]);

  return { refreshing, recovering, refresh, recover };
}
