import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CARD_LIMITS, CARD_MSG, type CardItem } from '@casino/contract';
import { apiPost, failureText } from '../../api/client';
import { AppLink } from '../../lib/nav';
import { confirmUnbindCard, toast } from '../../ui/feedback';
import { Dialog } from '../../ui/imperative';
import { EmptyState, LoadFailed } from '../../components/EmptyState';
import { IconChevronRight, IconInfo, IconShield } from '../../components/icons';
import { Tabs } from '../../components/Tabs';
import { BankBadge, ChainChip, faceStyle, UsdtMark } from './CardArt';
import { cardTypeOfTab, useCards, useCardsChanged, WALLET_TAB, type WalletTab } from '../../hooks/api/cards';
import '../../styles/tabs.css';
import './WalletPage.css';

const TABS: { value: WalletTab; label: string; unit: string; add: string; addPath: string }[] = [
  { value: WALLET_TAB.usdt, label: 'USDT地址', unit: '个', add: '添加USDT地址', addPath: '/addUsdtCard' },
  { value: WALLET_TAB.bank, label: '银行卡', unit: '张', add: '添加银行卡', addPath: '/addBankCard' },
];

export function readTab(raw: string | null): WalletTab {
  return Number(raw) === WALLET_TAB.bank ? WALLET_TAB.bank : WALLET_TAB.usdt;
}

/**
 * 卡片管理 (spec sections 2, 5, 9): tab 1 USDT addresses, tab 2 bank cards (the query `type`
 * picks the tab). Numbers come masked from the server. The add button is hidden at 5 cards of
 * the tab's type; unbinding asks first and toasts 解绑成功.
 */
export default function WalletPage() {
  const [params, setParams] = useSearchParams();
  const tab = readTab(params.get('type'));
  const current = TABS.find((t) => t.value === tab)!;
  const usdt = useCards(cardTypeOfTab(WALLET_TAB.usdt));
  const bank = useCards(cardTypeOfTab(WALLET_TAB.bank));
  const query = tab === WALLET_TAB.usdt ? usdt : bank;
  const counts: Record<WalletTab, number | undefined> = { 1: usdt.data?.length, 2: bank.data?.length };
  const cards = query.data ?? [];
  const full = cards.length >= CARD_LIMITS.perType;
  // an open 解除绑定 question must not outlive the page: after Back it stood over the next page,
  // and its 确定 unbound a card the member no longer saw (closing it answers 取消)
  useEffect(() => () => Dialog.clear(), []);

  return (
    <div className="page-body wl" data-testid="wallet">
      <Tabs
        items={TABS}
        value={tab}
        onChange={(t) => setParams({ type: String(t) }, { replace: true })}
        label="卡片类型"
        className="seg-tabs"
        itemClass="seg-tab"
        testIdPrefix="wallet-tab-"
        render={(t) => (
          <>
            {t.label}
            <span className="wl-tab-count num">
              {counts[t.value] ?? '-'}/{CARD_LIMITS.perType}
            </span>
          </>
        )}
      />

      {query.isPending ? (
        <CardSkeleton />
      ) : query.isError && !query.data ? (
        <LoadFailed onRetry={() => void query.refetch()} testId="wallet-error" />
      ) : cards.length === 0 ? (
        <EmptyState
          title={tab === WALLET_TAB.usdt ? '暂未绑定USDT地址' : '暂未绑定银行卡'}
          text={`每位会员最多可绑定 ${CARD_LIMITS.perType} ${current.unit}${current.label}`}
          testId="wallet-empty"
          action={
            <AppLink to={current.addPath} className="btn-gold wl-empty-add" data-testid="wallet-add">
              + {current.add}
            </AppLink>
          }
        />
      ) : (
        <div className="wl-list" data-testid="wallet-list">
          {cards.map((c) => (
            <CardFace key={c.id} card={c} tab={tab} />
          ))}
          {full ? (
            <p className="wl-full" data-testid="wallet-limit-note">
              <IconInfo size={15} />
              已达上限（{CARD_LIMITS.perType}/{CARD_LIMITS.perType}），如需添加请先解绑一{current.unit}
            </p>
          ) : (
            <AppLink to={current.addPath} className="wl-add" data-testid="wallet-add">
              <span className="wl-add-plus" aria-hidden="true">
                +
              </span>
              {current.add}
              <span className="wl-add-left">还可添加 {CARD_LIMITS.perType - cards.length} {current.unit}</span>
            </AppLink>
          )}
        </div>
      )}

      {tab === WALLET_TAB.usdt ? (
        <AppLink to="/usdtmore" className="card wl-more" data-testid="wallet-usdtmore">
          <UsdtMark size={30} />
          <span className="wl-more-text">
            <b>TRC20 与 ERC20 有什么区别？</b>
            <span>手续费、到账速度与地址格式说明</span>
          </span>
          <IconChevronRight size={16} />
        </AppLink>
      ) : null}

      <p className="wl-tip">
        <IconShield size={14} />
        卡号仅显示末四位，绑定与解绑仅限本人操作
      </p>
    </div>
  );
}

function CardFace({ card, tab }: { card: CardItem; tab: WalletTab }) {
  const changed = useCardsChanged();
  const [busy, setBusy] = useState(false);
  const isUsdt = tab === WALLET_TAB.usdt;

  const unbind = async () => {
    if (busy) return;
    if (!(await confirmUnbindCard(CARD_MSG.deleteConfirm))) return;
    setBusy(true);
    const res = await apiPost('/api/delcard', { id: card.id });
    setBusy(false);
    if (res.code === 200) {
      toast(CARD_MSG.unbound, 'success');
    } else {
      const msg = failureText(res);
      if (msg) toast(msg, 'fail');
    }
    if (!res.network) await changed(cardTypeOfTab(tab));
  };

  return (
    <article className="wl-card" style={faceStyle(card.ico, card.bank)} data-testid="wallet-card" data-card-id={card.id}>
      <svg className="wl-card-art" viewBox="0 0 340 180" preserveAspectRatio="none" aria-hidden="true">
        <circle cx="300" cy="18" r="92" fill="#fff" fillOpacity=".07" />
        <circle cx="330" cy="150" r="60" fill="#fff" fillOpacity=".05" />
        <path d="M0 150 C 90 110, 170 190, 340 120 L340 180 L0 180 Z" fill="#000" fillOpacity=".08" />
      </svg>
      <div className="wl-card-head">
        {isUsdt ? <UsdtMark size={38} /> : <BankBadge ico={card.ico} name={card.bank} size={38} />}
        <div className="wl-card-name">
          <b data-testid="card-bank">{isUsdt ? 'USDT' : card.bank}</b>
          <span data-testid="card-owner">{isUsdt ? <ChainChip protocol={card.bank_owner} /> : `持卡人 ${card.bank_owner}`}</span>
        </div>
        <button type="button" className="wl-card-del" onClick={unbind} disabled={busy} data-testid="card-delete">
          {busy ? '解绑中…' : '解绑'}
        </button>
      </div>
      <div className="wl-card-no num" data-testid="card-no">
        {card.bank_no}
      </div>
      <div className="wl-card-foot">
        <span className="wl-card-addr">{isUsdt ? (card.bank_owner === 'ERC20' ? '以太坊网络' : '波场网络') : card.bank_address}</span>
        <span className="wl-card-time num">{card.created_at.slice(0, 10)}</span>
      </div>
    </article>
  );
}

function CardSkeleton() {
  return (
    <div className="wl-list" aria-busy="true" aria-label="加载中" data-testid="wallet-loading">
      {[0, 1].map((i) => (
        <div key={i} className="wl-card wl-card--sk">
          <div className="wl-card-head">
            <span className="sk" style={{ width: 38, height: 38, borderRadius: '50%' }} />
            <div className="wl-card-name">
              <span className="sk" style={{ width: 96, height: 14 }} />
              <span className="sk" style={{ width: 64, height: 11, marginTop: 6 }} />
            </div>
          </div>
          <span className="sk" style={{ width: '72%', height: 20, marginTop: 26 }} />
        </div>
      ))}
    </div>
  );
}
