import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  CARD_TYPE,
  centsToUsdt,
  check,
  formatYuan,
  TIMERS,
  usdtFeeOf,
  usdtQuote,
  WITHDRAW_MIN_FEN,
  WITHDRAW_MSG,
  WITHDRAW_TAB,
  withdrawSchemaFor,
  yuanToFen,
  type CardItem,
  type WithdrawTab,
} from '@casino/contract';
import { failureText } from '../../api/client';
import { useSession } from '../../session/store';
import { AppLink } from '../../lib/nav';
import { toast } from '../../ui/feedback';
import { useBalanceList } from '../../hooks/api/wallet';
import { BalanceHero, VenueGrid } from '../../money/BalancePanel';
import { IconChevronDown } from '../../money/icons';
import { AmountActions, AmountInput, KefuLine } from '../../money/moneyForm';
import { IconCheck, IconLock } from '../../components/icons';
import { Sheet } from '../../components/Sheet';
import { Tabs } from '../../components/Tabs';
import { SubmitButton } from '../../components/SubmitButton';
import { Money } from '../../components/Money';
import { useBetAmount, useWithdraw } from '../../hooks/api/withdrawals';
import { useCards } from '../../hooks/api/cards';
import { BankBadge, ChainChip, UsdtMark } from '../wallet/CardArt';
import '../../styles/tabs.css';
import './WithdrawalPage.css';

const TABS: { value: WithdrawTab; label: string }[] = [
  { value: WITHDRAW_TAB.usdt, label: 'USDT取款' },
  { value: WITHDRAW_TAB.bank, label: '银行卡取款' },
];

const readTab = (raw: string | null): WithdrawTab => (Number(raw) === WITHDRAW_TAB.bank ? WITHDRAW_TAB.bank : WITHDRAW_TAB.usdt);

/**
 * The tab to open on when the address names none: the kind of card the member has when they
 * have only one kind (only bank cards: 银行卡取款), else USDT取款, the spec's first tab. Null
 * while either list is still unknown.
 */
function tabForCards(usdt: CardItem[] | undefined, bank: CardItem[] | undefined, failed: boolean): WithdrawTab | null {
  if (failed) return WITHDRAW_TAB.usdt;
  if (!usdt || !bank) return null;
  return usdt.length === 0 && bank.length > 0 ? WITHDRAW_TAB.bank : WITHDRAW_TAB.usdt;
}
const last4 = (c: CardItem) => c.bank_no.replace(/\s/g, '').slice(-4);

/**
 * 取款 (spec sections 2, 4, 5, 8): tabs USDT取款 (1) and 银行卡取款 (2) (the query `type`),
 * balances with refresh and 一键回收, the venue list collapsed to 3, then the form: the card or
 * address from a bottom popup (last 4 only; an add link when none), read-only 打码量, amount with
 * 最大金额, for USDT the fee, USDT amount and what arrives, the payment password, 人工客服.
 * Switching tab starts the form afresh; a submitted withdrawal goes to /transRecord after 1.5 s.
 */
export default function WithdrawalPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('type');
  const usdtCards = useCards(CARD_TYPE.usdt);
  const bankCards = useCards(CARD_TYPE.bank);
  const chosen = asked === null ? tabForCards(usdtCards.data, bankCards.data, usdtCards.isError || bankCards.isError) : readTab(asked);
  const tab = chosen ?? WITHDRAW_TAB.usdt;
  const w = useBalanceList({ intervalMs: TIMERS.moneyPollMs });

  // the tab chosen from the cards goes into the address, so it stays put if a card is added later
  useEffect(() => {
    if (asked === null && chosen !== null) setParams({ type: String(chosen) }, { replace: true });
  }, [asked, chosen, setParams]);

  return (
    <div className="page-body wd" data-testid="withdrawal">
      <Tabs
        items={TABS}
        value={tab}
        onChange={(t) => setParams({ type: String(t) }, { replace: true })}
        label="取款方式"
        className="seg-tabs"
        itemClass="seg-tab"
        testIdPrefix="withdraw-tab-"
      />
      <BalanceHero
        central={w.central}
        game={w.game}
        loading={w.loading && !w.loaded}
        refreshing={w.refreshing}
        onRefresh={w.refresh}
      />
      <VenueGrid venues={w.venues} loading={w.loading} failed={w.failed} onRetry={w.refresh} collapsed={3} columns={3} />
      {/* keyed by tab: switching tab resets the card, amount, chain and password (spec section 4) */}
      {chosen === null ? <FormSkeleton /> : <WithdrawForm key={tab} tab={tab} central={w.central} game={w.game} />}
    </div>
  );
}

function FormSkeleton() {
  return (
    <div className="card wd-form" aria-busy="true" aria-label="加载中" data-testid="withdraw-form-loading">
      <span className="sk" style={{ display: 'block', width: '30%', height: 12 }} />
      <div className="wd-card wd-card--sk" aria-hidden="true">
        <span className="sk" style={{ width: 36, height: 36, borderRadius: '50%' }} />
        <span className="sk" style={{ width: '50%', height: 14 }} />
      </div>
      <span className="sk" style={{ display: 'block', width: '100%', height: 44, marginTop: 16 }} />
      <span className="sk" style={{ display: 'block', width: '100%', height: 44, marginTop: 16 }} />
    </div>
  );
}

/**
 * What can be withdrawn now and why (issue 25: 中心钱包可取 ¥545 read as money on offer while
 * turnover refused every withdrawal): nothing while turnover is owed (DESIGN.md section 4) or
 * while the central wallet holds less than one minimum withdrawal; otherwise the central wallet.
 */
function Withdrawable({ central, game, owed, owedKnown }: { central: number; game: number; owed: number | undefined; owedKnown: boolean }) {
  const yuan = (n: number) => `¥${formatYuan(Math.max(0, n), true)}`;
  const centralFen = Math.round(central * 100);
  let now: number | null;
  let why: string;
  let warn = false;
  if (owed === undefined) {
    now = null;
    why = owedKnown ? '打码量暂时无法读取，以提交结果为准' : '正在计算可取金额…';
  } else if (owed > 0) {
    now = 0;
    warn = true;
    why = `还需打码 ${yuan(owed)}，完成有效投注后才能取款（中心钱包余额 ${yuan(central)}）`;
  } else if (centralFen < WITHDRAW_MIN_FEN) {
    now = 0;
    why = `中心钱包余额 ${yuan(central)}，单笔最低 100 元`;
  } else {
    now = central;
    why = '打码量已完成，可全部取出中心钱包余额';
  }
  return (
    <div className={`wd-avail${warn ? ' wd-avail--warn' : ''}`} data-testid="withdraw-available-box">
      <p className="wd-avail-line">
        当前可取
        <b>
          <Money testId="withdraw-available">{now === null ? '--' : yuan(now)}</Money>
        </b>
      </p>
      <p className="wd-avail-why" data-testid="withdraw-available-why">
        {why}
      </p>
      {game > 0 ? (
        <p className="wd-avail-why" data-testid="withdraw-available-game">
          游戏钱包 <Money>{yuan(game)}</Money> 需先点击上方“一键回收”转回中心钱包
        </p>
      ) : null}
    </div>
  );
}

function WithdrawForm({ tab, central, game }: { tab: WithdrawTab; central: number; game: number }) {
  const usdt = tab === WITHDRAW_TAB.usdt;
  const cards = useCards(usdt ? CARD_TYPE.usdt : CARD_TYPE.bank);
  const bet = useBetAmount();
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const { busy, submit } = useWithdraw();

  const [cardId, setCardId] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [picking, setPicking] = useState(false);
  const [sent, setSent] = useState(false);
  const redirect = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirect.current), []);

  const card = cards.data?.find((c) => c.id === cardId);
  // the chain comes from the chosen address (bank_owner TRC20 / ERC20)
  const chain = usdt && card ? card.bank_owner.toUpperCase() : null;
  const fee = chain && user ? usdtFeeOf(chain, user) : null;
  const amountFen = yuanToFen(amount.replace(/\.$/, ''));
  const quote = usdt && user && amountFen ? usdtQuote(amountFen, user.withdrawusdtrate, fee ?? 0) : null;

  const pick = (id: number) => {
    // choosing a card resets the password and amount and closes the popup (spec section 4)
    setCardId(id);
    setAmount('');
    setPassword('');
    setPicking(false);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || sent) return;
    const checked = check(withdrawSchemaFor(tab), { bank: card?.id ?? '', amount: amount.replace(/\.$/, ''), password });
    if (!checked.ok) return toast(checked.message);
    const res = await submit(checked.data);
    if (res.code === 200) {
      toast(WITHDRAW_MSG.submitted, 'success');
      setSent(true);
      setAmount('');
      setPassword('');
      redirect.current = window.setTimeout(() => navigate('/transRecord?type=2'), TIMERS.withdrawRedirectMs);
      return;
    }
    const msg = failureText(res);
    if (msg) toast(msg, 'fail');
    if (res.message === WITHDRAW_MSG.payPassWrong) setPassword('');
  };

  const addPath = usdt ? '/addUsdtCard' : '/addBankCard';
  const noun = usdt ? 'USDT地址' : '银行卡';

  return (
    <form className="card wd-form" onSubmit={onSubmit} noValidate data-testid="withdraw-form">
      <span className="wd-label">{usdt ? '提现USDT地址' : '提现银行卡'}</span>
      {cards.isPending ? (
        <div className="wd-card wd-card--sk" aria-hidden="true">
          <span className="sk" style={{ width: 36, height: 36, borderRadius: '50%' }} />
          <span className="sk" style={{ width: '50%', height: 14 }} />
        </div>
      ) : cards.isError ? (
        <button type="button" className="wd-card wd-card--empty" onClick={() => void cards.refetch()} data-testid="withdraw-cards-retry">
          {noun}加载失败，点击重试
        </button>
      ) : cards.data.length === 0 ? (
        <AppLink to={addPath} className="wd-card wd-card--add" data-testid="withdraw-add-card">
          <span className="wd-add-plus">+</span>
          <span className="wd-card-main">
            <b>添加{noun}</b>
            <small>您还没有绑定{noun}，请先添加</small>
          </span>
          <IconChevronDown size={16} className="wd-chev wd-chev--right" />
        </AppLink>
      ) : (
        <button type="button" className="wd-card" onClick={() => setPicking(true)} data-testid="withdraw-card">
          {card ? (
            <CardFace card={card} />
          ) : (
            <span className="wd-card-main wd-card-main--empty" data-testid="withdraw-card-empty">
              {usdt ? '请选择USDT地址' : '请选择银行卡'}
            </span>
          )}
          <IconChevronDown size={16} className="wd-chev" />
        </button>
      )}

      <label className="wd-label" htmlFor="wd-bet">
        打码量
      </label>
      <div className="wd-field wd-field--ro">
        <input id="wd-bet" className="num" readOnly value={bet.data === undefined ? '' : formatYuan(bet.data, true)} placeholder={bet.isPending ? '加载中…' : '--'} data-testid="withdraw-bet-amount" />
        <span className="wd-unit">元</span>
      </div>

      <label className="wd-label" htmlFor="wd-amount">
        取款金额
      </label>
      <div className="wd-field">
        <span className="amt-cur">¥</span>
        <AmountInput id="wd-amount" className="wd-amount" placeholder="单笔最低100元" value={amount} onChange={setAmount} data-testid="withdraw-amount" />
        <AmountActions value={amount} onClear={() => setAmount('')} onMax={() => setAmount(formatYuan(Math.max(0, central)))} maxTestId="withdraw-max" />
      </div>
      <Withdrawable central={central} game={game} owed={bet.data} owedKnown={!bet.isPending} />

      {usdt ? (
        <dl className="wd-usdt" data-testid="withdraw-usdt-lines">
          {fee !== null ? (
            <div>
              <dt>手续费</dt>
              <dd className="num" data-testid="withdraw-usdt-fee">
                {formatYuan(fee)} USDT <small>（{chain}）</small>
              </dd>
            </div>
          ) : null}
          <div>
            <dt>预计USDT</dt>
            <dd className="num" data-testid="withdraw-usdt-amount">
              {quote ? `${formatYuan(centsToUsdt(quote.usdt))} USDT` : '--'}
            </dd>
          </div>
          <div>
            <dt>实际到账</dt>
            <dd className="num wd-usdt-received" data-testid="withdraw-usdt-received">
              {quote && fee !== null ? `${formatYuan(centsToUsdt(Math.max(0, quote.received)))} USDT` : '--'}
            </dd>
          </div>
          {user ? <p className="wd-rate">当前汇率：1 USDT ≈ {formatYuan(user.withdrawusdtrate)} 元</p> : null}
        </dl>
      ) : null}

      <label className="wd-label" htmlFor="wd-pass">
        支付密码
      </label>
      <div className="wd-field">
        <IconLock size={17} className="wd-lock" />
        <input
          id="wd-pass"
          type="password"
          autoComplete="off"
          placeholder="请输入支付密码"
          maxLength={18}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          data-testid="withdraw-password"
        />
      </div>

      <SubmitButton busy={busy || sent} label="立即取款" busyLabel={sent ? '已提交' : '提交中…'} testId="withdraw-submit" className="wd-submit" />
      <KefuLine question="取款遇到问题？" label="人工客服" testId="withdraw-kefu" />

      <Sheet open={picking} title={usdt ? '选择USDT地址' : '选择银行卡'} onClose={() => setPicking(false)} testId="withdraw-card-popup">
        <div className="wd-pop">
          <ul className="wd-pop-list">
            {(cards.data ?? []).map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className={`wd-pop-item${c.id === cardId ? ' wd-pop-item--on' : ''}`}
                  onClick={() => pick(c.id)}
                  data-testid={`withdraw-card-option-${c.id}`}
                >
                  <CardFace card={c} />
                  <span className="wd-pop-check">{c.id === cardId ? <IconCheck size={18} strokeWidth={2.4} /> : null}</span>
                </button>
              </li>
            ))}
          </ul>
          <AppLink to={`/wallet?type=${usdt ? 1 : 2}`} className="wd-pop-manage">
            管理{noun}
          </AppLink>
        </div>
      </Sheet>
    </form>
  );
}

/** A card or address as the selector shows it: its badge, name and the last 4 characters only. */
function CardFace({ card }: { card: CardItem }) {
  const usdt = card.bank === 'USDT';
  return (
    <>
      {usdt ? <UsdtMark size={34} /> : <BankBadge ico={card.ico} name={card.bank} size={34} />}
      <span className="wd-card-main">
        <b>
          {usdt ? 'USDT' : card.bank}
          {usdt ? <ChainChip protocol={card.bank_owner} /> : null}
        </b>
        <small className="num">尾号 {last4(card)}</small>
      </span>
    </>
  );
}
