import { useCallback, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fenToYuan, type OrderStatus, type PayInfo, type PayWaysReply, type RechargeInput } from '@casino/contract';
import { apiGet, apiPost, failureText, type ApiResult } from '../../api/client';
import { session } from '../../lib/storage';
import { toast } from '../../ui/feedback';
import { ApiFailure, useAfterMoneyMoved } from './wallet';
import { onOrderNews, useLive } from '../../session/liveState';

/**
 * Server data of the deposit screens (spec sections 2, 4, 7): the methods and bonus terms
 * (GET /api/get_pay_way), the order (POST /api/recharge), its details (POST /api/payinfo) and
 * its outcome (GET /pay/api/queryOrderNo).
 */

/**
 * The member's unfinished online order, remembered while they pay at the cashier and checked
 * when they come back to /recharge (spec section 4). Session storage: the spec fixes the
 * local-storage keys, and the order only matters to this tab's visit.
 */
export const PENDING_DEPOSIT_KEY = 'pendingDeposit';
export const pendingDeposit = {
  get: () => session.get(PENDING_DEPOSIT_KEY) || null,
  set: (no: string) => session.set(PENDING_DEPOSIT_KEY, no),
  clear: () => session.set(PENDING_DEPOSIT_KEY, ''),
};

export const PAY_WAYS_KEY = ['get_pay_way'] as const;

/** The methods the operator opened, with their amount rules and the bonus terms. */
export function usePayWays() {
  return useQuery({
    queryKey: PAY_WAYS_KEY,
    queryFn: async () => {
      const res = await apiGet<PayWaysReply>('/api/get_pay_way');
      if (res.code !== 200 || !res.data || !Array.isArray(res.data.methods)) {
        const msg = failureText(res);
        if (msg) toast(msg, 'fail');
        throw new ApiFailure(res);
      }
      return res.data;
    },
    retry: false,
    staleTime: 30_000,
  });
}

export interface RechargeReply {
  url?: string;
  deposit_no: string;
}

/** POST /api/recharge with the contract-checked input (amount in fen, bonus in percent). */
export function useRecharge() {
  const [busy, setBusy] = useState(false);
  const submit = useCallback(async (input: RechargeInput): Promise<ApiResult<RechargeReply>> => {
    setBusy(true);
    try {
      return await apiPost<RechargeReply>('/api/recharge', {
        paytype: input.paytype,
        amount: fenToYuan(input.amount),
        bank_owner: input.bank_owner || undefined,
        bank: input.bank || undefined,
        bank_no: input.bank_no || undefined,
        bank_address: input.bank_address || undefined,
        catepay: input.catepay || undefined,
        amount_proportion: input.bonusPercent / 100,
      });
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, submit };
}

/** POST /api/payinfo {deposit_no}: the order, the account to pay and its kind (`message`). */
export function usePayInfo(depositNo: string, everyMs = 10_000) {
  // issue 37: while the live stream is up the order's state is pushed: no poll, a read when it moves
  const live = useLive((s) => s.up);
  const q = useQuery({
    queryKey: ['payinfo', depositNo],
    enabled: depositNo !== '',
    queryFn: async () => {
      const res = await apiPost<PayInfo>('/api/payinfo', { deposit_no: depositNo });
      if (res.code !== 200 || !res.data) throw new ApiFailure(res);
      return { kind: res.message, info: res.data };
    },
    retry: (count, err) => count < 2 && err instanceof ApiFailure && Boolean(err.result.network),
    // the state changes when an operator decides: read again every 10 s while shown (and no stream)
    refetchInterval: live ? false : everyMs,
  });
  const { refetch } = q;
  useEffect(
    () => onOrderNews((e) => {
      if (depositNo !== '' && (e === null || (e.kind === 'deposit' && e.order_no === depositNo))) void refetch();
    }),
    [depositNo, refetch],
  );
  return q;
}

/** GET /pay/api/queryOrderNo once. */
export function queryOrder(orderNo: string) {
  return apiGet<OrderStatus>('/pay/api/queryOrderNo', { orderNo });
}

/** After a deposit was credited: the balances again. */
export { useAfterMoneyMoved };
