import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import QRCode from 'qrcode';
import { DEPOSIT_PHASE, formatYuan, MSG, type PayInfo } from '@casino/contract';
import { copyText } from '../../lib/clipboard';
import { AppLink } from '../../lib/nav';
import { toast } from '../../ui/feedback';
import { EmptyState, LoadFailed } from '../../components/EmptyState';
import { IconClock, IconCopy, IconService } from '../../components/icons';
import { pendingDeposit, usePayInfo } from '../../hooks/api/payments';
import { ApiFailure } from '../../hooks/api/wallet';
import { livePhase, phaseOf, PhaseTag, useCountdown, wireMs } from '../../money/OrderPhase';
import './PayInfoPage.css';

/**
 * 支付信息 (/payInfo?deposit_no=, spec sections 2, 3, 4): the order, a one-hour countdown from its
 * creation, the receiving account with copy buttons (a QR code of a USDT address), and for USDT
 * the amount to send. The state follows an operator's decision (read again every 10 s).
 */
export default function PayInfoPage() {
  const [params] = useSearchParams();
  const depositNo = (params.get('deposit_no') ?? '').trim();
  const q = usePayInfo(depositNo);

  if (!depositNo) return <Missing />;
  if (q.isPending) return <PayInfoSkeleton />;
  if (q.isError) {
    const notFound = q.error instanceof ApiFailure && q.error.result.code === 404;
    return notFound ? (
      <Missing />
    ) : (
      <div className="page-body">
        <LoadFailed onRetry={() => void q.refetch()} text="订单信息加载失败，请稍后再试" retryTestId="payinfo-retry" />
      </div>
    );
  }
  return <Details kind={q.data.kind} data={q.data.info} />;
}

function Missing() {
  return (
    <div className="page-body">
      <EmptyState title="订单不存在" text="请在交易记录中查看您的存款订单" testId="payinfo-missing" action={<AppLink to="/transRecord?type=1" className="btn-gold">查看存款记录</AppLink>} />
    </div>
  );
}

function PayInfoSkeleton() {
  return (
    <div className="page-body pi" aria-busy="true" data-testid="payinfo-loading">
      <div className="card pi-hero">
        <span className="sk" style={{ width: 90, height: 14 }} />
        <span className="sk" style={{ width: 160, height: 32, marginTop: 10 }} />
      </div>
      <div className="card pi-section">
        {Array.from({ length: 4 }, (_, i) => (
          <span key={i} className="sk" style={{ width: '100%', height: 18, marginTop: i ? 14 : 0 }} />
        ))}
      </div>
    </div>
  );
}

async function copy(text: string) {
  const ok = await copyText(text);
  toast(ok ? MSG.copied : '复制失败，请长按手动复制', ok ? 'success' : 'fail');
}

/** An address as a phone scanning the QR code needs it: absolute. */
const absolute = (s: string) => {
  try {
    return new URL(s.trim(), window.location.href).href;
  } catch {
    return s;
  }
};

function Details({ kind, data }: { kind: string; data: PayInfo }) {
  const { info } = data;
  const usdt = kind === 'usdtpay';
  const online = !usdt && kind !== 'bank';
  // issue 34: the server's phase (the contract's one name per state): the countdown and the way to
  // pay only while the order waits for its payment; a paid order in review says why instead
  const { left, text } = useCountdown(wireMs(info.expires_at));
  const phase = livePhase(phaseOf(info.phase), wireMs(info.expires_at));
  const pending = DEPOSIT_PHASE[phase].pay;
  // an online order answers its cashier link (issue 19): a pay button and a QR code to scan,
  // not a line of text to copy
  const cashier = online && data.url ? data.url : null;
  const cardlist = online ? [] : (data.cardlines ?? []);
  const qrText = cardlist.find((c) => c.payimg)?.payimg ?? '';

  return (
    <div className="page-body pi" data-testid="payinfo">
      <section className="card pi-hero">
        <span className="pi-hero-label">{usdt ? '应转USDT数量' : '存款金额'}</span>
        <b className="pi-hero-amount num" data-testid="payinfo-amount">
          {usdt && info.usdt_amount !== null ? `${formatYuan(info.usdt_amount)} USDT` : `¥${formatYuan(info.amount, true)}`}
        </b>
        {usdt ? <span className="pi-hero-sub num">折合 ¥{formatYuan(info.amount, true)}，汇率 1 USDT ≈ {formatYuan(info.usdt_rate ?? 0)} 元</span> : null}
        {pending && left > 0 ? (
          <span className="pi-countdown" data-testid="payinfo-countdown">
            <IconClock size={14} />
            请在 <b className="num">{text}</b> 内完成{kind === 'bank' || usdt ? '转账' : '支付'}
          </span>
        ) : (
          <>
            <span className={`pi-state pi-state--${phase}`} data-testid="payinfo-state" data-phase={phase}>
              {DEPOSIT_PHASE[phase].name}
            </span>
            {phase === info.phase && info.why ? (
              <span className="pi-why" data-testid="payinfo-why">
                {info.why}
              </span>
            ) : phase === 'expired' ? (
              <span className="pi-why" data-testid="payinfo-why">
                订单已超时，如已付款请联系在线客服
              </span>
            ) : null}
          </>
        )}
      </section>

      {cashier && pending && left > 0 ? <Cashier depositNo={data.deposit_no} url={cashier} /> : null}

      {cardlist.length > 0 ? (
        <section className="card pi-section" data-testid="payinfo-account">
          <h3 className="pi-title">{usdt ? '收款地址' : '收款账户'}</h3>
          {qrText ? <QrCanvas text={qrText} label="收款地址二维码" testId="payinfo-qr" /> : null}
          {cardlist.map((c) => (
            <div key={c.mch_id} className="pi-row">
              <span className="pi-row-label">{c.mch_id}</span>
              <span className="pi-row-value" data-testid="payinfo-line">
                {c.content}
              </span>
              <button type="button" className="pi-copy" onClick={() => void copy(c.content)} aria-label={`复制${c.mch_id}`}>
                <IconCopy size={14} />
                复制
              </button>
            </div>
          ))}
        </section>
      ) : null}

      <section className="card pi-section">
        <h3 className="pi-title">订单信息</h3>
        <div className="pi-row">
          <span className="pi-row-label">订单号</span>
          <span className="pi-row-value num" data-testid="payinfo-no">
            {data.deposit_no}
          </span>
          <button type="button" className="pi-copy" onClick={() => void copy(data.deposit_no)} aria-label="复制订单号">
            <IconCopy size={14} />
            复制
          </button>
        </div>
        <div className="pi-row">
          <span className="pi-row-label">存款方式</span>
          <span className="pi-row-value">{info.paytype_name}</span>
        </div>
        <div className="pi-row">
          <span className="pi-row-label">创建时间</span>
          <span className="pi-row-value num">{info.created_at}</span>
        </div>
        {info.bonus_percent > 0 ? (
          <div className="pi-row">
            <span className="pi-row-label">存款优惠</span>
            <span className="pi-row-value">{info.bonus_percent}%</span>
          </div>
        ) : null}
        <div className="pi-row">
          <span className="pi-row-label">订单状态</span>
          <span className="pi-row-value">
            <PhaseTag phase={phase} testId="payinfo-phase" />
          </span>
        </div>
      </section>

      {/* how to pay: only while the order waits for its payment (issue 34) */}
      {pending ? (
      <p className="pi-tip">
        {usdt
          ? '请务必使用对应协议转账，金额与上方一致；到账后由财务审核入账。'
          : kind === 'bank'
            ? '请使用您填写的银行卡转账至以上账户，转账金额须与订单一致；到账后由财务审核入账。'
            : '请在收银台按订单金额完成支付，支付成功后余额将自动到账；金额不符的订单将转人工审核。'}
      </p>
      ) : null}
      <div className="pi-actions">
        <AppLink to="/transRecord?type=1" className="btn-ghost-gold">
          存款记录
        </AppLink>
        <AppLink to="/kefu" className="btn-gold">
          <IconService size={15} /> 联系客服
        </AppLink>
      </div>
    </div>
  );
}

/**
 * An unpaid online order's cashier: the button back to it (the order is remembered as when
 * /recharge sends the member there, so coming back to /recharge shows the outcome) and a QR code
 * of the same address, to pay from another phone.
 */
function Cashier({ depositNo, url }: { depositNo: string; url: string }) {
  const href = absolute(url);
  return (
    <section className="card pi-section pi-cashier" data-testid="payinfo-cashier">
      <h3 className="pi-title">在线支付</h3>
      <a
        href={href}
        className="btn-gold btn-block pi-cashier-go"
        data-testid="payinfo-cashier-link"
        onClick={() => pendingDeposit.set(depositNo)}
      >
        前往收银台支付
      </a>
      {/* drawn here from the absolute address: the server's own image encodes the link as it
          stored it, which is relative when PUBLIC_URL is unset */}
      <QrCanvas text={href} label="收银台二维码" testId="payinfo-cashier-qr" />
      <p className="pi-cashier-tip">也可使用另一部手机扫描二维码，在收银台完成支付</p>
    </section>
  );
}

/** A QR code drawn by the qrcode package (the USDT address, or an online order's cashier). */
function QrCanvas({ text, label, testId }: { text: string; label: string; testId: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!canvas.current) return;
    QRCode.toCanvas(canvas.current, text, { width: 148, margin: 1, color: { dark: '#101a36', light: '#ffffff' } }).catch(() => setFailed(true));
  }, [text]);
  if (failed) return null;
  return <canvas ref={canvas} className="pi-qr" width={148} height={148} aria-label={label} data-testid={testId} />;
}
