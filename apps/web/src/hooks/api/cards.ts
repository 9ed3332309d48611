import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ZodType } from 'zod';
import { CARD_MSG, CARD_TYPE, check, type BankType, type CardItem, type CardType } from '@casino/contract';
import { apiPost, failureText } from '../../api/client';
import { ApiFailure } from '../../api/failure';
import { toast } from '../../ui/feedback';

/** Query keys of POST /api/getcard {type} and POST /api/banklist. */
export const cardsKey = (type: CardType) => ['cards', type] as const;
export const BANKS_KEY = ['banklist'] as const;

/** The tab of /wallet and the add pages: 1 USDT, 2 bank cards (the query `type`). */
export const WALLET_TAB = { usdt: 1, bank: 2 } as const;
export type WalletTab = (typeof WALLET_TAB)[keyof typeof WALLET_TAB];
export const cardTypeOfTab = (tab: WalletTab): CardType => (tab === WALLET_TAB.usdt ? CARD_TYPE.usdt : CARD_TYPE.bank);

async function fetchCards(type: CardType): Promise<CardItem[]> {
  const res = await apiPost<CardItem[]>('/api/getcard', { type });
  if (res.code !== 200 || !Array.isArray(res.data)) throw new ApiFailure(res);
  return res.data;
}

/** The member's cards of one type (masked by the server). A failure is toasted once. */
export function useCards(type: CardType) {
  return useQuery({
    queryKey: cardsKey(type),
    queryFn: async () => {
      try {
        return await fetchCards(type);
      } catch (e) {
        const msg = e instanceof ApiFailure ? failureText(e.result) : null;
        if (msg) toast(msg, 'fail');
        throw e;
      }
    },
    retry: false,
    // shown at once from the cache, refreshed on every visit (cards change on other devices too)
    staleTime: 0,
  });
}

export function useBanks() {
  return useQuery({
    queryKey: BANKS_KEY,
    queryFn: async () => {
      const res = await apiPost<BankType[]>('/api/banklist', {});
      if (res.code !== 200 || !Array.isArray(res.data)) {
        const msg = failureText(res);
        if (msg) toast(msg, 'fail');
        throw new ApiFailure(res);
      }
      return res.data;
    },
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** After a bind or an unbind: the lists again. */
export function useCardsChanged() {
  const queryClient = useQueryClient();
  return useCallback((type: CardType) => queryClient.invalidateQueries({ queryKey: cardsKey(type) }), [queryClient]);
}

/**
 * The add pages' submit: the contract's rules in the browser first (their message as a
 * toast), then POST /api/bindcard; 绑定成功 returns to /wallet on that card type's tab. A wrong
 * payment password calls `onPayPassWrong` so the page can empty that field.
 */
export function useBindCard(type: CardType, onPayPassWrong: () => void) {
  const navigate = useNavigate();
  const changed = useCardsChanged();
  const [busy, setBusy] = useState(false);
  const bind = async (schema: ZodType, body: Record<string, string>) => {
    if (busy) return;
    const checked = check(schema, body);
    if (!checked.ok) return toast(checked.message);
    setBusy(true);
    const res = await apiPost('/api/bindcard', body);
    setBusy(false);
    if (res.code === 200) {
      toast(CARD_MSG.bound, 'success');
      void changed(type);
      navigate(`/wallet?type=${type === CARD_TYPE.usdt ? WALLET_TAB.usdt : WALLET_TAB.bank}`, { replace: true });
      return;
    }
    const msg = failureText(res);
    if (msg) toast(msg, 'fail');
    if (res.message === CARD_MSG.payPassWrong) onPayPassWrong();
  };
  return { busy, bind };
}
