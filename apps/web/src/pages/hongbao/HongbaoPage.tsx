import { useEffect, useRef, useState } from 'react';
import { Dialog } from '../../ui/imperative';
import { formatYuan, PROMO_MSG, RISK_MSG, type RedPacketRuleItem } from '@casino/contract';
import { useLocation } from 'react-router';
import { useSession } from '../../session/store';
import { AppLink, useGo } from '../../lib/nav';
import { toast } from '../../ui/feedback';
import { EmptyState, LoadFailed } from '../../components/EmptyState';
import { useGrabRedPacket, useRedPacketInfo } from '../../hooks/api/promotions';
import { ApiFailure } from '../../api/failure';
import { RedPacketArt } from './RedPacketArt';
import { Money } from '../../components/Money';
import './HongbaoPage.css';

type DialogShowHandler = ReturnType<typeof Dialog.show>;
type Outcome = { kind: 'won'; amount: number } | { kind: 'refused'; message: string } | null;

/**
 * 抢红包 (/hongbao, spec sections 2, 4, 8): remaining grabs (sendnums), grabbed (acquirednum),
 * max times and the rules; grabs from 10:00 to 12:00 Beijing time on deposits made from 12:00
 * the day before to 10:00. Switched off: 红包已关闭; nothing left: the not-eligible popup; a grab
 * shows the amount won or the server's message with a way to deposit. Guests are asked to log in.
 */
export default function HongbaoPage() {
  const token = useSession((s) => s.token);
  const switchOn = useSession((s) => Number(s.appInfo?.redpacket_switch ?? 1) === 1);
  // guests read the rules too (no allowance); the query key changes with the session
  const info = useRedPacketInfo(token ?? '');
  const grab = useGrabRedPacket();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const go = useGo();
  const { pathname } = useLocation();
  const asked = useRef(false);

  // the guest's login dialog belongs to this page: it closes when the member leaves it (Back to
  // home, a tab) instead of staying over the next page, and when they log in meanwhile
  const loginDialog = useRef<DialogShowHandler | null>(null);
  const closeLoginDialog = () => {
    loginDialog.current?.close();
    loginDialog.current = null;
  };
  const askLogin = () => {
    if (loginDialog.current) return;
    loginDialog.current = Dialog.show({
      title: '温馨提示',
      content: PROMO_MSG.guestPrompt,
      closeOnAction: true,
      afterClose: () => {
        loginDialog.current = null;
      },
      actions: [
        [
          { key: 'cancel', text: '再看看' },
          { key: 'confirm', text: '去登录', bold: true, onClick: () => go(`/login?redirect=${encodeURIComponent(pathname)}`) },
        ],
      ],
    });
  };
  useEffect(() => closeLoginDialog, []);

  useEffect(() => {
    if (token) return closeLoginDialog();
    if (!asked.current) {
      asked.current = true;
      askLogin();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  const onGrab = () => {
    if (!switchOn || info.data?.switch === 0) return toast(PROMO_MSG.redPacketOff, 'fail');
    if (!token) return askLogin();
    if (!info.data) {
      // the grab allowance could not be read: say so and ask again, rather than a dead button
      if (info.isError) {
        toast(PROMO_MSG.redPacketNetwork, 'fail');
        void info.refetch();
      }
      return;
    }
    if (info.data.sendnums <= 0) return setOutcome({ kind: 'refused', message: PROMO_MSG.notEligible });
    grab.mutate(undefined, {
      onSuccess: (r) => setOutcome({ kind: 'won', amount: r.redpacketmoney }),
      onError: (err) => {
        if (err instanceof ApiFailure && !err.result.network && err.result.code !== 401) setOutcome({ kind: 'refused', message: err.result.message });
        else if (err instanceof ApiFailure && err.result.network) toast(PROMO_MSG.redPacketNetwork, 'fail');
      },
    });
  };

  const d = info.data;
  // issue 36: a 限制优惠 member is told plainly instead of a grab that only meets a refusal
  const withheld = Boolean(token && d?.withheld);
  return (
    <div className="hb" data-testid="hongbao-page">
      <section className="hb-hero">
        <RedPacketArt className="hb-art" />
        <h1 className="hb-title">每日抢红包</h1>
        <p className="hb-window" data-testid="hongbao-window">
          抢红包时间：每天 10:00 - 12:00（北京时间）
        </p>
        <div className="hb-counts">
          <Count label="剩余次数" value={token ? d?.sendnums : undefined} testId="hongbao-sendnums" />
          <Count label="已抢次数" value={token ? d?.acquirednum : undefined} testId="hongbao-acquired" />
          <Count label="最多次数" value={token ? d?.max_times : undefined} testId="hongbao-max" />
        </div>
        {withheld ? (
          <p className="hb-withheld" role="note" data-testid="hongbao-withheld">
            {RISK_MSG.redPacketWithheld}
          </p>
        ) : (
          <button type="button" className="hb-grab" onClick={onGrab} disabled={grab.isPending || (Boolean(token) && info.isPending)} data-testid="hongbao-grab">
            {grab.isPending ? '抢红包中…' : '立即抢红包'}
          </button>
        )}
        {token && d ? (
          <p className="hb-deposits">
            今日计入存款 <Money className="hb-deposits-figure">{formatYuan(d.deposits, true)}</Money> 元
            <AppLink to="/welfare" className="hb-records" data-testid="hongbao-records">
              红包记录 ›
            </AppLink>
          </p>
        ) : null}
      </section>

      <section className="card hb-card">
        <h2 className="hb-h">活动说明</h2>
        <ol className="hb-notes">
          <li>每天 10:00 至 12:00（北京时间）开放抢红包。</li>
          <li>存款统计时间为前一天 12:00 至当天 10:00，按存款金额对应下方规则获得抢红包次数。</li>
          <li>红包金额由系统随机派发，直接到账中心钱包，完成规则所示倍数的流水即可提款。</li>
        </ol>
      </section>

      <section className="card hb-card" data-testid="hongbao-rules">
        <h2 className="hb-h">红包规则</h2>
        {info.isError ? (
          <LoadFailed onRetry={() => void info.refetch()} />
        ) : !d ? (
          <div aria-busy="true" aria-label="加载中">
            {[0, 1, 2].map((i) => (
              <span key={i} className="sk" style={{ display: 'block', height: 34, marginTop: i ? 8 : 0 }} />
            ))}
          </div>
        ) : d.rules.length === 0 ? (
          <EmptyState title="暂无红包活动" text="敬请期待下一期红包" />
        ) : (
          <RulesTable rules={d.rules} />
        )}
      </section>

      {outcome ? <OutcomeDialog outcome={outcome} onClose={() => setOutcome(null)} /> : null}
    </div>
  );
}

function Count({ label, value, testId }: { label: string; value: number | undefined; testId: string }) {
  return (
    <div className="hb-count">
      <b className="num" data-testid={testId}>
        {value ?? '--'}
      </b>
      <span>{label}</span>
    </div>
  );
}

/** whole yuan without decimals (the table is narrow) */
const compact = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));

function RulesTable({ rules }: { rules: RedPacketRuleItem[] }) {
  return (
    <div className="hb-rules">
      <div className="hb-rule hb-rule--head">
        <span>存款金额（元）</span>
        <span>次数</span>
        <span>红包金额</span>
        <span>流水</span>
      </div>
      {rules.map((r) => (
        <div className="hb-rule" key={r.id} data-testid="hongbao-rule">
          <span className="num">{r.recharge_max === null ? `≥ ${compact(r.recharge)}` : `${compact(r.recharge)} - ${compact(r.recharge_max)}`}</span>
          <span className="num">{r.day_flow}</span>
          <span>{r.amount_text}</span>
          <span className="num">{r.turnover_multiple}倍</span>
        </div>
      ))}
      <p className="hb-rule-time">
        活动时间：{rules[0]!.start_time.slice(0, 10)} 至 {rules[0]!.end_time.slice(0, 10)}
      </p>
    </div>
  );
}

function OutcomeDialog({ outcome, onClose }: { outcome: NonNullable<Outcome>; onClose(): void }) {
  const won = outcome.kind === 'won';
  return (
    <div className="hb-modal" role="dialog" aria-modal="true" aria-label={won ? '抢红包成功' : '温馨提示'} data-testid="hongbao-result">
      <div className={`hb-modal-card${won ? ' hb-modal-card--won' : ''}`}>
        {won ? (
          <>
            <p className="hb-modal-sub">恭喜您抢到</p>
            <p className="hb-modal-amount num" data-testid="hongbao-amount">
              <Money>{formatYuan(outcome.amount, true)}</Money>
              <small>元</small>
            </p>
            <p className="hb-modal-text">红包已存入中心钱包</p>
            <div className="hb-modal-actions">
              <AppLink to="/welfare" className="btn-gold btn-block" data-testid="hongbao-to-welfare">
                查看我的红包
              </AppLink>
              <button type="button" className="hb-modal-close" onClick={onClose} data-testid="hongbao-result-close">
                继续抢红包
              </button>
            </div>
          </>
        ) : (
          <>
            <RedPacketArt className="hb-modal-art" />
            <p className="hb-modal-message" data-testid="hongbao-message">
              {outcome.message}
            </p>
            <div className="hb-modal-actions">
              <AppLink to="/recharge" className="btn-gold btn-block" data-testid="hongbao-to-recharge">
                立即存款
              </AppLink>
              <button type="button" className="hb-modal-close" onClick={onClose} data-testid="hongbao-result-close">
                我知道了
              </button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
