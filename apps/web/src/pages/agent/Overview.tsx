import { useEffect, useState } from 'react';
import { AGENT_COUNT_FIGURES, AGENT_FIGURE_LABEL, formatYuan, type AgentFiguresYuan, type AgentSummary } from '@casino/contract';
import { copyText } from '../../lib/clipboard';
import { toast } from '../../ui/feedback';
import { IconCoins, IconCopy, IconUserPlus } from '../../components/icons';
import { Money } from '../../components/Money';

/** money with its sign, grouped: -1,234.50 */
export const money = (v: number) => formatYuan(v, true);

/** one figure as shown: a count, or yuan */
export function figureText(key: keyof AgentFiguresYuan, figures: AgentFiguresYuan): string {
  return AGENT_COUNT_FIGURES.includes(key) ? String(figures[key]) : money(figures[key]);
}

/** the figures of the month card, in the order an agent reads them (net profit is the card's head) */
const MONTH_FIGURES: (keyof AgentFiguresYuan)[] = [
  'active_members',
  'registrations',
  'first_deposits',
  'first_deposit_amount',
  'deposits',
  'withdrawals',
  'valid_bets',
  'ggr',
  'bonuses',
  'rebates',
  'red_packets',
  'fees',
];

/** 概览: the referral link with its QR code, the month so far, the plan and what was credited. */
export function Overview({ summary }: { summary: AgentSummary }) {
  const f = summary.figures;
  const tier = summary.projected_tier;
  const paused = summary.state === 2;
  return (
    <div className="ag-body">
      {paused ? (
        <section className="ag-paused" role="alert" data-testid="agent-paused">
          <b>代理资格已暂停</b>
          <span>暂停期间不计佣金，推广链接也不会绑定新会员；已有下级会员与历史报表照常查看。如有疑问请联系在线客服。</span>
        </section>
      ) : null}
      <ReferralCard summary={summary} />

      <section className="card ag-month" data-testid="agent-month">
        <div className="ag-card-head">
          <span className="ag-card-title">本月至今</span>
          <span className="ag-card-sub">{summary.month}（北京时间）</span>
        </div>
        {paused ? null : (
        <div className="ag-month-main">
          <div className="ag-month-big">
            <span>预计佣金（元）</span>
            <b className="num" data-testid="agent-projected-commission">
              <Money>{money(summary.projected_commission)}</Money>
            </b>
          </div>
          <div className="ag-month-tier" data-testid="agent-projected-tier">
            {tier ? (
              <>
                <span className="ag-tier-badge">第{tier.index}档</span>
                <b className="num">{tier.rate}%</b>
              </>
            ) : (
              <span className="ag-tier-none">未达档位</span>
            )}
          </div>
        </div>
        )}
        <div className="ag-month-line">
          <span>
            净盈利 <b className={`num ${f.net_profit < 0 ? 'ag-neg' : ''}`} data-testid="agent-net-profit"><Money>{money(f.net_profit)}</Money></b>
          </span>
          {summary.carryover_in < 0 ? (
            <span data-testid="agent-carryover">
              上月结转 <b className="num ag-neg">{money(summary.carryover_in)}</b>
            </span>
          ) : null}
          {!paused && summary.projected_override > 0 ? (
            <span>
              下级分成 <b className="num">{money(summary.projected_override)}</b>
            </span>
          ) : null}
        </div>
        <div className="ag-figs">
          {MONTH_FIGURES.map((k) => (
            <div className="ag-fig" key={k} data-testid={`agent-fig-${k}`}>
              <span className="ag-fig-label">{AGENT_FIGURE_LABEL[k]}</span>
              <b className="ag-fig-value num">{AGENT_COUNT_FIGURES.includes(k) ? figureText(k, f) : <Money>{figureText(k, f)}</Money>}</b>
            </div>
          ))}
        </div>
        {summary.flagged_members > 0 ? (
          <p className="ag-note ag-note--warn" data-testid="agent-flagged">
            下级会员中含{summary.flagged_members}名待核查会员，其盈利不计入（输赢仍按实计入亏损），核查完成后以月结报表为准。
          </p>
        ) : null}
        <p className="ag-note">
          今日：注册 {summary.today.registrations} 人 · 存款 {money(summary.today.deposits)} · 净盈利 {money(summary.today.net_profit)}。
          净盈利 = 游戏输赢 − 优惠 − 返水 − 红包 − 存款手续费，均为平台一方的数字（会员输钱时为正）；有效投注满 500 元的会员计为活跃会员。
          <span data-testid="agent-updated">{freshness(summary.updated_at)}</span>，以月结报表为准。
        </p>
      </section>

      <section className="card ag-team">
        <div className="ag-team-item">
          <span className="ag-team-icon">
            <IconUserPlus size={18} />
          </span>
          <span>
            <b className="num" data-testid="agent-members-count">{summary.members}</b>
            下级会员
            {summary.flagged_members > 0 ? <small className="ag-team-sub">含{summary.flagged_members}名待核查</small> : null}
          </span>
        </div>
        <div className="ag-team-item">
          <span className="ag-team-icon">
            <IconUserPlus size={18} />
          </span>
          <span>
            <b className="num">{summary.subagents}</b>
            下级代理
          </span>
        </div>
        <div className="ag-team-item">
          <span className="ag-team-icon ag-team-icon--gold">
            <IconCoins size={18} />
          </span>
          <span>
            <b className="num" data-testid="agent-paid">{money(summary.commission_paid)}</b>
            已发放佣金
          </span>
        </div>
      </section>

      {paused ? null : <PlanTable summary={summary} />}
    </div>
  );
}

/** how fresh the figures are: the figures' rollup's last pass, Beijing 'HH:mm' (it runs every minute) */
function freshness(at: string | null): string {
  return at ? `数据更新于 ${at.slice(11, 16)}（北京时间，约每分钟更新）` : '数据约每分钟更新';
}

/** The link, its QR code (the server's, else drawn here) and 复制链接. */
function ReferralCard({ summary }: { summary: AgentSummary }) {
  const [drawn, setDrawn] = useState<string | null>(null);
  // a server without a public address answers a relative link: this site's own address is it
  const relative = !/^https?:\/\//i.test(summary.link);
  const link = relative ? new URL(summary.link, window.location.href.split('#')[0]).toString() : summary.link;
  // the server's QR code encodes its link; a relative one is drawn here from the full address
  const serverQr = relative ? '' : summary.qrcode;
  const qr = serverQr || drawn;

  useEffect(() => {
    if (serverQr || !link) return;
    let live = true;
    // only when the server's will not do: the package is then fetched with its own chunk
    void import('qrcode')
      .then((m) => m.default.toDataURL(link, { width: 320, margin: 1, color: { dark: '#101a36', light: '#ffffff' } }))
      .then((url) => live && setDrawn(url))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [serverQr, link]);

  const copy = async () => {
    const ok = await copyText(link);
    toast(ok ? '推广链接已复制' : '复制失败，请长按链接手动复制', ok ? 'success' : 'fail');
  };

  return (
    <section className="ag-ref" data-testid="agent-referral">
      <div className="ag-ref-head">
        <div>
          <div className="ag-ref-title">我的推广链接</div>
          <div className="ag-ref-code">
            推广码 <b data-testid="agent-code">{summary.code}</b>
          </div>
        </div>
        <span className={`ag-state ag-state--${summary.state === 1 ? 'on' : 'off'}`}>{summary.state === 1 ? '代理正常' : '已暂停'}</span>
      </div>
      <div className="ag-ref-body">
        <div className="ag-qr">{qr ? <img src={qr} alt="推广二维码" width={132} height={132} data-testid="agent-qr" /> : <span className="sk" style={{ width: 132, height: 132 }} />}</div>
        <div className="ag-ref-side">
          <p className="ag-ref-tip">
            {summary.state === 1 ? '好友扫码或打开链接注册，即成为您的下级会员，其有效业绩计入您的佣金。' : '代理资格暂停期间，通过此链接注册的会员不会成为您的下级。'}
          </p>
          <div className="ag-link num" data-testid="agent-link">
            {link}
          </div>
          <button type="button" className="btn-gold ag-copy" onClick={() => void copy()} data-testid="agent-copy">
            <IconCopy size={14} />
            复制链接
          </button>
        </div>
      </div>
    </section>
  );
}

/** The plan's rows, the tier the month reaches so far marked. */
function PlanTable({ summary }: { summary: AgentSummary }) {
  // tiers are numbered from 1 (the plan's first row), as the server answers them
  const at = (summary.projected_tier?.index ?? 0) - 1;
  return (
    <section className="card ag-plan" data-testid="agent-plan">
      <div className="ag-card-head">
        <span className="ag-card-title">佣金方案</span>
        <span className="ag-card-sub">{summary.plan.name}</span>
      </div>
      <table className="ag-table">
        <thead>
          <tr>
            <th>档位</th>
            <th>活跃会员</th>
            <th>月净盈利（元）</th>
            <th>佣金比例</th>
          </tr>
        </thead>
        <tbody>
          {summary.plan.rows.map((r, i) => (
            <tr key={i} className={i === at ? 'ag-row-on' : undefined}>
              <td>第{i + 1}档</td>
              <td className="num">≥ {r.min_active}</td>
              <td className="num">≥ {money(r.min_net_profit)}</td>
              <td className="num">
                <b>{r.rate}%</b>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="ag-note">活跃会员与月净盈利同时达到的最高一档即为当月档位；当月净盈利为负时结转至下月。佣金于每月初结算，审核后发放至中心钱包。</p>
    </section>
  );
}
