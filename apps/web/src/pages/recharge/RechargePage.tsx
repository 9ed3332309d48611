import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  BONUS_PERCENTS,
  CARD_TYPE,
  check,
  depositTurnover,
  formatYuan,
  PAY_MSG,
  rechargeSchema,
  RISK_MSG,
  yuanToFen,
  type PayMethod,
  type PayMethods,
  type PayType,
} from '@casino/contract';
import { failureText } from '../../api/client';
import { AppLink } from '../../lib/nav';
import { useSession } from '../../session/store';
import { toast } from '../../ui/feedback';
import { LoadFailed } from '../../components/EmptyState';
import { SubmitButton } from '../../components/SubmitButton';
import { IconCard } from '../../money/icons';
import { AmountInput, KefuLine } from '../../money/moneyForm';
import { pendingDeposit, queryOrder, useAfterMoneyMoved, usePayInfo, usePayWays, useRecharge } from '../../hooks/api/payments';
import { livePhase, phaseOf, PhaseLine, PhaseTag, wireMs } from '../../money/OrderPhase';
import { useCards } from '../../hooks/api/cards';
import { MethodIcon } from './MethodIcon';
import { Money } from '../../components/Money';
import { BreakBannerSlot } from '../../components/BreakBannerSlot';
import './RechargePage.css';

/** quick picks offered for a range method, those inside its range */
const QUICK_PICKS = [100, 200, 500, 1000, 2000, 5000, 10000];

/**
 * 存款 (spec sections 2, 4, 5): the methods the server opened, the amount (quick picks, or the
 * method's fixed list), the bank transfer's depositor fields, the USDT protocol and estimate,
 * the bonus choice with the turnover each choice asks, then 立即存款. Online orders go to the
 * gateway's cashier; bank and USDT orders to /payInfo. Coming back from the cashier, the
 * remembered order's outcome is toasted once (充值成功 / 充值失败) and forgotten.
 */
export default function RechargePage() {
  const ways = usePayWays();
  const bankCards = useCards(CARD_TYPE.bank);
  const usdtCards = useCards(CARD_TYPE.usdt);
  const returned = usePendingOrderCheck();

  if (ways.isPending || bankCards.isPending || usdtCards.isPending) return <RechargeSkeleton />;
  if (ways.isError || bankCards.isError || usdtCards.isError) {
    return (
      <div className="page-body">
        <LoadFailed
          onRetry={() => void Promise.all([ways.refetch(), bankCards.refetch(), usdtCards.refetch()])}
          text="存款方式加载失败，请稍后再试"
          retryTestId="recharge-retry"
        />
      </div>
    );
  }
  if (bankCards.data.length + usdtCards.data.length === 0) return <NoCard />;
  if (ways.data.methods.length === 0) {
    return (
      <div className="page-body">
        <div className="card rc-note" data-testid="recharge-closed">
          暂无可用的存款方式，请联系<AppLink to="/kefu">在线客服</AppLink>
        </div>
      </div>
    );
  }
  return <RechargeForm methods={ways.data.methods} bonusTerms={ways.data.bonus} usdtRate={ways.data.usdt_rate} returned={returned} />;
}

function RechargeSkeleton() {
  return (
    <div className="page-body rc" aria-busy="true" data-testid="recharge-loading">
      <div className="card rc-section">
        <span className="sk" style={{ width: 80, height: 14 }} />
        <div className="rc-methods">
          {Array.from({ length: 6 }, (_, i) => (
            <span key={i} className="sk rc-method-sk" />
          ))}
        </div>
      </div>
      <div className="card rc-section">
        <span className="sk" style={{ width: '40%', height: 14 }} />
        <span className="sk" style={{ width: '100%', height: 46, marginTop: 12 }} />
      </div>
    </div>
  );
}

/** The spec's notice when the member has bound neither a bank card nor a USDT address. */
function NoCard() {
  return (
    <div className="page-body">
      <BreakBannerSlot className="break-banner--flush" />
      <div className="card rc-nocard" data-testid="recharge-no-card">
        <span className="rc-nocard-icon">
          <IconCard size={28} />
        </span>
        <p>{PAY_MSG.noCard}</p>
        <div className="rc-nocard-actions">
          <AppLink to="/addBankCard" className="btn-gold">
            绑定银行卡
          </AppLink>
          <AppLink to="/addUsdtCard" className="btn-ghost-gold">
            绑定USDT地址
          </AppLink>
        </div>
      </div>
    </div>
  );
}

/**
 * The remembered order (or ?orderNo= of the cashier's return link), checked once on arrival: the
 * outcome is toasted once (充值成功 / 充值失败 / in review) and the order's own state shown at the
 * top (issue 34 point 2: the member comes back to the order, not to an empty form). The order
 * number stays in the address until the first answer: a session that ended meanwhile sends the
 * member to sign in with this address as the redirect, so they come back to the same order.
 */
function usePendingOrderCheck(): string | null {
  const [params, setParams] = useSearchParams();
  const afterMoved = useAfterMoneyMoved();
  const started = useRef(false);
  const [shown, setShown] = useState<string | null>(null);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fromQuery = params.get('orderNo');
    const queried = fromQuery && /^[A-Za-z0-9]{1,40}$/.test(fromQuery) ? fromQuery : null;
    const orderNo = queried ?? pendingDeposit.get();
    if (!orderNo) {
      if (fromQuery) setParams({}, { replace: true });
      return;
    }
    let stop = false;
    // the gateway's notify may land a moment after the member is back: ask for up to ~20 s
    void (async () => {
      for (let i = 0; i < 10 && !stop; i++) {
        const res = await queryOrder(orderNo);
        if (stop) return;
        if (res.code === 200 && res.data) {
          if (i === 0) {
            setShown(orderNo);
            if (fromQuery) setParams({}, { replace: true });
          }
          const { phase } = res.data;
          if (phase === 'credited') {
            toast(PAY_MSG.paid, 'success');
            void afterMoved();
          } else if (phase === 'review') toast(PAY_MSG.inReview, 'fail');
          else if (phase !== 'unpaid') toast(PAY_MSG.failed, 'fail');
          if (phase !== 'unpaid') return pendingDeposit.clear();
        } else if (!res.network) {
          // not this member's order (any more): nothing to show
          if (fromQuery && res.code !== 401) setParams({}, { replace: true });
          return pendingDeposit.clear();
        }
        await new Promise((r) => setTimeout(r, 2000));
      }
    })();
    return () => {
      stop = true;
    };
  }, [params, setParams, afterMoved]);
  return shown;
}

/**
 * issue 34 point 2: the order the member came back with, in its own state (the same tag, why,
 * countdown and pay action as 支付信息 and 交易记录), read again while it may still move.
 */
function ReturnedOrder({ depositNo }: { depositNo: string }) {
  const q = usePayInfo(depositNo, 3000);
  if (!q.data) return null;
  const { info } = q.data.info;
  const expiresAt = wireMs(info.expires_at);
  const phase = livePhase(phaseOf(info.phase), expiresAt);
  const detail = `/payInfo?deposit_no=${encodeURIComponent(depositNo)}`;
  return (
    <section className="card rc-returned" data-testid="recharge-returned">
      <div className="rc-returned-head">
        <span className="rc-returned-title">本次存款</span>
        <PhaseTag phase={phase} testId="recharge-returned-phase" />
      </div>
      <div className="rc-returned-row">
        <span className="num">¥{formatYuan(info.amount, true)}</span>
        <AppLink to={detail} className="rc-returned-link" data-testid="recharge-returned-detail">
          订单详情
        </AppLink>
      </div>
      <div className="rc-returned-no num">订单号：{depositNo}</div>
      <PhaseLine
        phase={phase}
        why={info.why}
        expiresAt={expiresAt}
        pay={
          q.data.info.url ? (
            <a href={new URL(q.data.info.url, window.location.href).href} className="op-go" data-testid="recharge-returned-pay" onClick={() => pendingDeposit.set(depositNo)}>
              前往收银台支付
            </a>
          ) : (
            <AppLink to={detail} className="op-go" data-testid="recharge-returned-pay">
              去支付
            </AppLink>
          )
        }
      />
    </section>
  );
}

interface FormProps {
  /** issue 34: the order the member came back with from the cashier */
  returned?: string | null;
  methods: PayMethod[];
  bonusTerms: { deposit_multiple: number; multiples: Record<string, number>; daily_cap: number; percents?: number[] };
  usdtRate: number;
}

function RechargeForm({ methods, bonusTerms, usdtRate, returned }: FormProps) {
  const navigate = useNavigate();
  const { busy, submit } = useRecharge();
  const [type, setType] = useState<PayType>(methods[0].type);
  const [amount, setAmount] = useState('');
  const [bank, setBank] = useState({ bank_owner: '', bank: '', bank_no: '', bank_address: '' });
  const [protocol, setProtocol] = useState<'TRC20' | 'ERC20'>('TRC20');
  const [picked, setPercent] = useState<number>(0);
  // issue 36: the choices the server offers this member (none at 限制优惠; an older reply: all);
  // a choice made before the offer was withdrawn is not sent
  const offered = bonusTerms.percents ? BONUS_PERCENTS.filter((p) => p === 0 || bonusTerms.percents!.includes(p)) : BONUS_PERCENTS;
  const noBonus = offered.length <= 1;
  const percent = offered.includes(picked as (typeof offered)[number]) ? picked : 0;
  const [leaving, setLeaving] = useState(false);
  const user = useSession((s) => s.user);

  const method = methods.find((m) => m.type === type) ?? methods[0];
  const rules: PayMethods = useMemo(() => Object.fromEntries(methods.map((m) => [m.type, { min: m.min_price, max: m.max_price, amounts: m.amounts }])), [methods]);
  const fixed = method.amounts.length > 0;
  const picks = fixed ? method.amounts : QUICK_PICKS.filter((v) => v >= method.min_price && v <= method.max_price);
  const fen = yuanToFen(amount.replace(/\.$/, ''));
  const preview = fen ? depositTurnover(fen, percent, bonusTerms.deposit_multiple, bonusTerms.multiples) : null;
  const usdtEstimate = type === 'usdtpay' && fen && usdtRate > 0 ? Math.floor(fen / usdtRate) / 100 : null;

  const choose = (next: PayType) => {
    if (next === type) return;
    setType(next);
    setAmount('');
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || leaving) return;
    const body = { paytype: type, amount: amount.replace(/\.$/, ''), ...(type === 'bank' ? bank : {}), catepay: type === 'usdtpay' ? protocol : undefined, amount_proportion: percent / 100 };
    const checked = check(rechargeSchema(rules), body);
    if (!checked.ok) return toast(checked.message);
    const res = await submit(checked.data);
    if (res.code !== 200 || !res.data) {
      const msg = failureText(res);
      if (msg) toast(msg, 'fail');
      return;
    }
    setLeaving(true);
    if (res.data.url) {
      pendingDeposit.set(res.data.deposit_no);
      window.location.assign(res.data.url);
      return;
    }
    toast(PAY_MSG.submitted, 'success');
    navigate(`/payInfo?deposit_no=${encodeURIComponent(res.data.deposit_no)}`);
  };

  return (
    <form className="page-body rc" onSubmit={onSubmit} noValidate data-testid="recharge">
      <BreakBannerSlot className="break-banner--flush" />
      {returned ? <ReturnedOrder depositNo={returned} /> : null}
      <div className="card rc-balance">
        <span>中心钱包余额</span>
        <b>
          <Money testId="recharge-balance">{user ? `¥${formatYuan(Number(user.balance) || 0, true)}` : '--'}</Money>
        </b>
      </div>
      <section className="card rc-section">
        <h3 className="rc-title">存款方式</h3>
        <div className="rc-methods" role="radiogroup" aria-label="存款方式">
          {methods.map((m) => (
            <button
              key={m.type}
              type="button"
              role="radio"
              aria-checked={m.type === type}
              className={`rc-method${m.type === type ? ' rc-method--on' : ''}`}
              onClick={() => choose(m.type)}
              data-testid={`recharge-method-${m.type}`}
            >
              <MethodIcon type={m.type} />
              <span className="rc-method-name">{m.name}</span>
              <small className="rc-method-range num">{m.amounts.length ? `${m.amounts[0]}-${m.amounts[m.amounts.length - 1]}` : `${m.min_price}-${m.max_price}`}</small>
            </button>
          ))}
        </div>
      </section>

      <section className="card rc-section">
        <h3 className="rc-title">存款金额</h3>
        {fixed ? null : (
          <div className="rc-field">
            <span className="rc-cur">¥</span>
            <AmountInput
              className="rc-amount"
              placeholder={`单笔 ${method.min_price} - ${method.max_price} 元`}
              value={amount}
              onChange={setAmount}
              aria-label="存款金额"
              data-testid="recharge-amount"
            />
          </div>
        )}
        <div className="rc-picks" role="group" aria-label={fixed ? '可选金额' : '快捷金额'}>
          {picks.map((v) => (
            <button
              key={v}
              type="button"
              className={`rc-pick num${amount === String(v) ? ' rc-pick--on' : ''}`}
              onClick={() => setAmount(String(v))}
              data-testid={`recharge-pick-${v}`}
            >
              {v}
            </button>
          ))}
        </div>
        {fixed ? <p className="rc-hint">该方式仅支持以上固定金额</p> : null}
        {usdtEstimate !== null ? (
          <p className="rc-hint" data-testid="recharge-usdt-estimate">
            约 <b className="num">{formatYuan(usdtEstimate)}</b> USDT（汇率 1 USDT ≈ {formatYuan(usdtRate)} 元）
          </p>
        ) : null}
      </section>

      {type === 'bank' ? (
        <section className="card rc-section" data-testid="recharge-bank-fields">
          <h3 className="rc-title">存款人信息</h3>
          {(
            [
              ['bank_owner', '存款人姓名', '请输入存款人姓名', 32, 'text'],
              ['bank', '银行类型', '请输入银行类型，如：招商银行', 32, 'text'],
              ['bank_no', '银行卡号', '请输入银行卡号', 23, 'numeric'],
              ['bank_address', '开户行地址', '请输入银行开户行地址', 64, 'text'],
            ] as const
          ).map(([key, label, placeholder, max, mode]) => (
            <label key={key} className="rc-row">
              <span className="rc-row-label">{label}</span>
              <input
                className="rc-input"
                inputMode={mode}
                autoComplete="off"
                placeholder={placeholder}
                maxLength={max}
                value={bank[key]}
                onChange={(e) => setBank((b) => ({ ...b, [key]: e.target.value }))}
                data-testid={`recharge-${key}`}
              />
            </label>
          ))}
        </section>
      ) : null}

      {type === 'usdtpay' ? (
        <section className="card rc-section">
          <h3 className="rc-title">USDT协议</h3>
          <div className="rc-picks">
            {(['TRC20', 'ERC20'] as const).map((p) => (
              <button key={p} type="button" className={`rc-pick${protocol === p ? ' rc-pick--on' : ''}`} onClick={() => setProtocol(p)} data-testid={`recharge-protocol-${p}`}>
                {p}
              </button>
            ))}
          </div>
        </section>
      ) : null}

      {noBonus ? (
        <section className="card rc-section">
          <h3 className="rc-title">存款优惠</h3>
          <p className="rc-bonus-off" data-testid="recharge-bonus-withheld">
            {RISK_MSG.depositBonusWithheld}
          </p>
          <p className="rc-turnover-rule" data-testid="recharge-turnover">
            存款需完成 {bonusTerms.deposit_multiple} 倍流水方可取款
          </p>
        </section>
      ) : (
        <section className="card rc-section">
          <h3 className="rc-title">
            存款优惠 <small>每日赠送上限 ¥{formatYuan(bonusTerms.daily_cap, true)}</small>
          </h3>
          <div className="rc-bonus" role="radiogroup" aria-label="存款优惠">
            {offered.map((p) => (
              <button
                key={p}
                type="button"
                role="radio"
                aria-checked={percent === p}
                className={`rc-pick${percent === p ? ' rc-pick--on' : ''}`}
                onClick={() => setPercent(p)}
                data-testid={`recharge-bonus-${p}`}
              >
                {p === 0 ? '不参与' : `${p}%`}
              </button>
            ))}
          </div>
          <dl className="rc-turnover" data-testid="recharge-turnover">
            <div>
              <dt>赠送金额</dt>
              <dd className="num">{preview ? `¥${formatYuan(preview.bonus / 100, true)}` : '--'}</dd>
            </div>
            <div>
              <dt>需完成打码量</dt>
              <dd className="num rc-turnover-total" data-testid="recharge-turnover-total">
                {preview ? `¥${formatYuan(preview.required / 100, true)}` : '--'}
              </dd>
            </div>
            <p className="rc-turnover-rule">
              {percent === 0
                ? `存款需完成 ${bonusTerms.deposit_multiple} 倍流水方可取款`
                : `（存款 + 赠送）× ${bonusTerms.multiples[String(percent)] ?? 0} 倍，另加存款 ${bonusTerms.deposit_multiple} 倍流水`}
            </p>
          </dl>
        </section>
      )}

      <SubmitButton busy={busy || leaving} label="立即存款" busyLabel={leaving ? '正在跳转…' : '提交中…'} testId="recharge-submit" className="rc-submit" />
      <KefuLine question="存款遇到问题？" label="在线客服" className="rc-help" />
    </form>
  );
}
