import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { VipLevelRow } from '@casino/contract';
import { formatYuan } from '@casino/contract';
import { useSession } from '../../session/store';
import { AppLink } from '../../lib/nav';
import { Avatar } from '../../components/Avatar';
import { Logo } from '../../components/Logo';
import { VipBadge, vipLevel } from '../../components/VipBadge';
import { EmptyState, LoadFailed } from '../../components/EmptyState';
import { IconChevronRight, IconCrown } from '../../components/icons';
import { LEVEL_TONES, REBATE_COLUMNS, VIP_QUERY, vipProgress, yuanText } from './vipLevels';
import { VipProgressCard } from './VipProgressCard';
import { useVipProgress } from '../../hooks/api/promotions';
import { Money } from '../../components/Money';
import './VipPage.css';

/**
 * VIP (/vip): a carousel of the 10 levels (POST /api/uservip) with the member's progress
 * toward each (paysum / the level's recharge, spec section 9), the chosen level's rebates,
 * and the way to the privileges page.
 */
export default function VipPage() {
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  const levels = useQuery(VIP_QUERY);
  const myLevel = token ? vipLevel(user) : 0;
  const paysum = token ? Number(user?.paysum) || 0 : 0;

  return (
    <div className="vip" data-testid="vip-page">
      <section className="vip-me">
        {token ? (
          <>
            <Avatar src={user?.avatar} size={48} />
            <div className="vip-me-who">
              <div className="vip-me-name">{user?.username ?? '会员'}</div>
              <VipBadge level={myLevel} testId="vip-current" />
            </div>
            <div className="vip-me-sum">
              <span>累计存款（元）</span>
              <b>
                <Money testId="vip-paysum">{formatYuan(paysum, true)}</Money>
              </b>
            </div>
          </>
        ) : (
          <>
            <Logo size={46} />
            <div className="vip-me-who">
              <div className="vip-me-name">尊享 VIP 特权</div>
              <div className="vip-me-sub">登录后查看您的等级与晋级进度</div>
            </div>
            <AppLink to="/login?redirect=%2Fvip" className="btn-gold vip-me-login" data-testid="vip-login">
              登录
            </AppLink>
          </>
        )}
      </section>

      {levels.data ? (
        levels.data.length ? (
          <Levels rows={levels.data} myLevel={myLevel} paysum={paysum} member={Boolean(token)} />
        ) : (
          <div className="page-body">
            <div className="card">
              <EmptyState title="暂无VIP等级" />
            </div>
          </div>
        )
      ) : levels.isError ? (
        <div className="page-body">
          <div className="card">
            <LoadFailed onRetry={() => void levels.refetch()} />
          </div>
        </div>
      ) : (
        <div className="vip-strip vip-strip--sk" aria-busy="true" aria-label="加载中">
          <span className="sk vip-card-sk" />
          <span className="sk vip-card-sk" />
        </div>
      )}
      {/* issue 11: the member's progress toward the next level and what keeps the current one */}
      {token ? <VipProgressCard /> : null}
    </div>
  );
}

/**
 * What a level's card says, so that its words and its bar agree: a level the member holds reads
 * 当前等级 / 已达成 over a full bar; any other shows spec section 9's progress (paysum / the
 * level's recharge), and a full bar there means the deposit is met but the level is not yet
 * (the turnover is missing, or the nightly review has not run): 存款已达标, never 未达成.
 * The turnover has a bar of its own (issue 34: a full deposit bar read as a level reached at 0%
 * of its turnover): flow / the level's flow, full when the level asks none.
 */
function cardState(
  member: boolean,
  level: number,
  myLevel: number,
  paysum: number,
  recharge: number,
  flow: number,
  flowNeeded: number,
): { pct: number; flowPct: number; status: string; tone: 'ok' | 'near' | 'no' } {
  if (!member) return { pct: 0, flowPct: 0, status: '', tone: 'no' };
  if (level <= myLevel) return { pct: 100, flowPct: 100, status: level === myLevel ? '当前等级' : '已达成', tone: 'ok' };
  const pct = vipProgress(paysum, recharge);
  const flowPct = Number(flowNeeded) > 0 ? vipProgress(flow, flowNeeded) : 100;
  if (pct >= 100 && flowPct >= 100) return { pct, flowPct, status: '已达标，次日晋级', tone: 'near' };
  return pct >= 100 ? { pct, flowPct, status: '存款已达标', tone: 'near' } : { pct, flowPct, status: '未达成', tone: 'no' };
}

function Levels({ rows, myLevel, paysum, member }: { rows: VipLevelRow[]; myLevel: number; paysum: number; member: boolean }) {
  // open on the next level to reach (or the top one)
  const start = Math.max(0, Math.min(rows.length - 1, rows.findIndex((r) => Number(r.level) > myLevel)));
  const [current, setCurrent] = useState(start < 0 ? rows.length - 1 : start);
  const flow = Number(useVipProgress(member).data?.flow) || 0;
  const strip = useRef<HTMLDivElement>(null);

  const scrollTo = (i: number, smooth = true) => {
    const el = strip.current;
    const card = el?.children[i] as HTMLElement | undefined;
    if (!el || !card) return;
    el.scrollTo({ left: card.offsetLeft - (el.clientWidth - card.clientWidth) / 2, behavior: smooth ? 'smooth' : 'auto' });
  };

  useEffect(() => {
    scrollTo(current, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const el = strip.current;
    if (!el) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const mid = el.scrollLeft + el.clientWidth / 2;
        let best = 0;
        let bestD = Infinity;
        Array.from(el.children).forEach((c, i) => {
          const h = c as HTMLElement;
          const d = Math.abs(h.offsetLeft + h.clientWidth / 2 - mid);
          if (d < bestD) {
            bestD = d;
            best = i;
          }
        });
        setCurrent(best);
      });
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      el.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);

  const row = rows[current] ?? rows[0]!;
  return (
    <>
      <div ref={strip} className="vip-strip" data-testid="vip-levels">
        {rows.map((r, i) => {
          const level = Number(r.level);
          const { pct, flowPct, status, tone } = cardState(member, level, myLevel, paysum, r.recharge, flow, r.flow);
          const [a, b] = LEVEL_TONES[(level - 1 + LEVEL_TONES.length) % LEVEL_TONES.length]!;
          return (
            <div
              key={level}
              className={i === current ? 'vip-card vip-card--on' : 'vip-card'}
              style={{ background: `linear-gradient(135deg, ${a} 0%, ${b} 100%)` }}
              data-testid="vip-level-card"
              data-level={level}
              onClick={() => scrollTo(i)}
            >
              <svg className="vip-card-art" viewBox="0 0 120 120" aria-hidden="true">
                <circle cx="60" cy="60" r="56" fill="#fff" opacity=".08" />
                <circle cx="60" cy="60" r="40" fill="#fff" opacity=".08" />
                <path d="M30 70l10 8 20-30 20 30 10-8-6 26H36z" fill="#fff" opacity=".28" />
              </svg>
              <div className="vip-card-top">
                <span className="vip-card-level">VIP{level}</span>
                {status ? (
                  <span className={`vip-card-status vip-card-status--${tone}`} data-testid="vip-card-status">
                    {status}
                  </span>
                ) : null}
              </div>
              <div className="vip-card-name">{r.name}</div>
              <div className="vip-card-req">
                <span>
                  累计存款 <b className="num">{yuanText(r.recharge)}</b>
                </span>
                <span>
                  累计流水 <b className="num">{yuanText(r.flow)}</b>
                </span>
              </div>
              <div className="vip-card-progress">
                <span className="vip-card-progress-label">存款</span>
                <div className="vip-bar">
                  <i style={{ width: `${pct}%` }} />
                </div>
                <span className="num" data-testid="vip-progress">
                  {pct}%
                </span>
              </div>
              <div className="vip-card-progress vip-card-progress--flow">
                <span className="vip-card-progress-label">流水</span>
                <div className="vip-bar">
                  <i style={{ width: `${flowPct}%` }} />
                </div>
                <span className="num" data-testid="vip-progress-flow">
                  {flowPct}%
                </span>
              </div>
            </div>
          );
        })}
      </div>
      <div className="vip-dots" role="tablist" aria-label="VIP等级">
        {rows.map((r, i) => (
          <button
            key={r.level}
            type="button"
            role="tab"
            aria-selected={i === current}
            className={i === current ? 'vip-dot vip-dot--on' : 'vip-dot'}
            onClick={() => scrollTo(i)}
            data-testid={`vip-dot-${r.level}`}
          >
            {r.level}
          </button>
        ))}
      </div>

      <section className="card vip-rebates" data-testid="vip-rebates">
        <h2 className="vip-h">
          <IconCrown size={16} strokeWidth={2.2} />
          VIP{row.level} 返水比例
        </h2>
        <div className="vip-rebate-grid">
          {REBATE_COLUMNS.map((c) => (
            <div key={c.key} className="vip-rebate">
              <b className="num">{Number(row[c.key]) || 0}%</b>
              <span>{c.label}</span>
            </div>
          ))}
        </div>
        <p className="vip-note" data-testid="vip-note">
          {!member
            ? '登录后即可查看您的晋级进度'
            : Number(row.level) === myLevel
              ? `VIP${row.level} 是您当前的等级，享有以上返水比例`
              : Number(row.level) < myLevel
                ? `您已是 VIP${myLevel}，享有更高的返水比例`
                : paysum > 0
                  ? `您的累计存款 ${formatYuan(paysum, true)} 元，达到 VIP${row.level} 存款要求的 ${vipProgress(paysum, row.recharge)}%`
                  : '完成首笔存款即可开始累积晋级进度'}
        </p>
        <AppLink to={`/vipPrivilege?level=${row.level}`} className="btn-gold btn-block vip-more" data-testid="vip-privilege-link">
          查看VIP特权详情
          <IconChevronRight size={16} />
        </AppLink>
      </section>
    </>
  );
}
