import { useCallback, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fenToYuan, type WithdrawInput, type WithdrawReply } from '@casino/contract';
import { apiPost, failureText, type ApiResult } from '../../api/client';
import { toast } from '../../ui/feedback';
import { ApiFailure, useAfterMoneyMoved } from './wallet';

/**
 * Server data of the withdrawal screen (spec sections 2, 7): the turnover still owed
 * (POST /api/getBetAmount) and the submit (POST /api/withdraw). The cards come from the card
 * screens' own hook (hooks/api/cards.ts), so a card bound there shows here at once.
 */

/** Query key of POST /api/getBetAmount. */
export const BET_AMOUNT_KEY = ['getBetAmount'] as const;

/** Turnover (打码量) still required before a withdrawal, in yuan. A failure is toasted once. */
export function useBetAmount() {
  return useQuery({
    queryKey: BET_AMOUNT_KEY,
    queryFn: async () => {
      const res = await apiPost<{ bet_amount: number }>('/api/getBetAmount', {});
      if (res.code !== 200 || !res.data) {
        const msg = failureText(res);
        if (msg) toast(msg, 'fail');
        throw new ApiFailure(res);
      }
      const n = Number(res.data.bet_amount);
      return Number.isFinite(n) ? n : 0;
    },
    retry: false,
    // bets settle while the member is away: read again on every visit
    staleTime: 0,
  });
}

/**
 * POST /api/withdraw with the contract-checked input (amount in fen). Answers the envelope;
 * after any answer that may have moved money the balances and turnover are read again.
 */
export function useWithdraw() {
  const queryClient = useQueryClient();
  const afterMoved = useAfterMoneyMoved();
  const [busy, setBusy] = useState(false);
  const submit = useCallback(
    async (input: WithdrawInput): Promise<ApiResult<WithdrawReply>> => {
      setBusy(true);
      try {
        const res = await apiPost<WithdrawReply>('/api/withdraw', { bank: input.bank, amount: fenToYuan(input.amount), password: input.password });
        if (!res.network) {
          void afterMoved();
          void queryClient.invalidateQueries({ queryKey: BET_AMOUNT_KEY });
        }
        return res;
      } finally {
        setBusy(false);
      }
    },
    [afterMoved, queryClient],
  );
  return { busy, submit };
}
