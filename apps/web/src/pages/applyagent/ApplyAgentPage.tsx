import { useEffect, useState, type FormEvent } from 'react';
import { applyAgentSchema, check, PROFILE_LIMITS, PROFILE_MSG } from '@casino/contract';
import { apiPost, failureText } from '../../api/client';
import { useSession, isMember } from '../../session/store';
import { useGo } from '../../lib/nav';
import { loadUser } from '../../session/actions';
import { useAgentStateRefresh } from '../../hooks/api/agents';
import { toast } from '../../ui/feedback';
import { IconCheck, IconClock, IconCoins, IconInfo, IconLock, IconUserPlus } from '../../components/icons';
import { maskName } from '../userInfo/mask';
import '../userInfo/account.css';
import './ApplyAgentPage.css';

interface Status {
  state: number;
  mobile: string;
  apply_info: string;
  created_at: string;
}

const PERKS = [
  { title: '高额佣金', text: '业绩阶梯返佣' },
  { title: '每月结算', text: '佣金按月核算发放' },
  { title: '专属后台', text: '团队数据实时' },
];

/**
 * 代理加盟 (spec sections 2, 5, 7): read-only username and real name, contact (mobile) and
 * reason; POST /api/applyagentdo {mobile, apply_info}. The member's latest application
 * (POST /api/applyagentinfo, ours) tells whether one is already waiting for review.
 */
export default function ApplyAgentPage() {
  const member = useSession(isMember);
  const user = useSession((s) => s.user);
  const go = useGo();
  const [mobile, setMobile] = useState(user?.mobile ?? '');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status | null | undefined>(member ? undefined : null);
  // issue 34: an agent is shown its agent centre, not a form (the state read again on mount and focus)
  useAgentStateRefresh();
  const isAgent = user?.isagent === 1 || status?.state === 2;

  useEffect(() => {
    if (!member) return;
    void apiPost<Status | null>('/api/applyagentinfo', {}).then((res) => {
      const latest = res.code === 200 ? res.data : null;
      setStatus(latest);
      // a pending application is shown as it was sent
      if (latest?.state === 1) {
        setMobile(latest.mobile);
        setReason(latest.apply_info);
      }
    });
  }, [member]);

  const pending = status?.state === 1;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!member) return go('/login?redirect=%2Fapplyagent');
    if (pending) return toast(PROFILE_MSG.applyPending);
    const checked = check(applyAgentSchema, { mobile, apply_info: reason });
    if (!checked.ok) return toast(checked.message);
    setBusy(true);
    const res = await apiPost('/api/applyagentdo', checked.data);
    setBusy(false);
    if (res.code === 200) {
      toast(res.message || PROFILE_MSG.applyOk, 'success');
      setStatus({ state: 1, mobile: checked.data.mobile, apply_info: checked.data.apply_info, created_at: '' });
      return;
    }
    const fail = failureText(res);
    if (fail) toast(fail, 'fail');
    // the server says the member is an agent already: read userInfo again, the page then shows the agent centre
    if (res.message === PROFILE_MSG.applyAgent) void loadUser();
    if (res.message === PROFILE_MSG.applyPending) setStatus((s) => s ?? { state: 1, mobile, apply_info: reason, created_at: '' });
  };

  if (member && isAgent) return <AgentAlready />;

  return (
    <form className="acct" onSubmit={submit} noValidate data-testid="applyagent">
      <section className="acct-hero aa-hero">
        <div className="acct-hero-text">
          <div className="acct-hero-name">加入代理，共享收益</div>
          <div className="acct-hero-sub">零成本推广，团队越大，佣金越高</div>
          <div className="aa-perks">
            {PERKS.map((p) => (
              <span key={p.title} className="aa-perk">
                <b>{p.title}</b>
                {p.text}
              </span>
            ))}
          </div>
        </div>
        <span className="acct-hero-icon aa-hero-icon">
          <IconCoins size={28} />
        </span>
      </section>

      {status?.state === 1 ? (
        <div className="acct-notice" data-testid="applyagent-status">
          <IconClock size={16} />
          <span>
            {PROFILE_MSG.applyPending}
            {status.created_at ? <span className="aa-when">（提交于 {status.created_at}）</span> : null}
          </span>
        </div>
      ) : status?.state === 2 ? (
        <div className="acct-notice acct-notice--ok" data-testid="applyagent-status">
          <IconCheck size={16} />
          {/* issue 20: approval makes the member an agent; the portal is on their own session */}
          <span>
            您的代理申请已通过，
            <a href="#/agent" className="aa-portal" data-testid="applyagent-portal">
              进入代理中心
            </a>
            获取推广链接。
          </span>
        </div>
      ) : status?.state === 3 ? (
        <div className="acct-notice acct-notice--bad" data-testid="applyagent-status">
          <IconInfo size={16} />
          <span>您上次的申请未通过审核，可补充资料后重新提交。</span>
        </div>
      ) : null}

      <section className="card acct-card">
        <div className="acct-card-title">申请人信息</div>
        <div className="acct-row">
          <span className="acct-label">用户名</span>
          <span className={`acct-value${user ? '' : ' acct-value--muted'}`} data-testid="applyagent-username">
            {user?.username ?? '登录后显示'}
          </span>
          <IconLock size={16} className="acct-lock" />
        </div>
        <div className="acct-row">
          <span className="acct-label">真实姓名</span>
          <span className={`acct-value${user ? '' : ' acct-value--muted'}`} data-testid="applyagent-realname">
            {user ? maskName(user.realname) : '登录后显示'}
          </span>
          <IconLock size={16} className="acct-lock" />
        </div>
        <label className="acct-row">
          <span className="acct-label">联系电话</span>
          <input
            className="acct-input num"
            type="tel"
            inputMode="tel"
            placeholder="请输入手机号码"
            maxLength={PROFILE_LIMITS.mobileMax}
            value={mobile}
            onChange={(e) => setMobile(e.target.value.replace(/\s/g, ''))}
            disabled={pending}
            data-testid="applyagent-mobile"
          />
        </label>
      </section>

      <section className="card acct-card">
        <div className="acct-card-title">申请理由</div>
        <textarea
          className="acct-textarea"
          placeholder="请简单介绍您的推广渠道、团队规模或从业经验"
          maxLength={PROFILE_LIMITS.applyInfoMax}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          disabled={pending}
          data-testid="applyagent-reason"
        />
        <div className="acct-count num">
          {reason.length}/{PROFILE_LIMITS.applyInfoMax}
        </div>
      </section>

      <button type="submit" className="btn-gold btn-block acct-submit" disabled={busy || pending || status === undefined} data-testid="applyagent-submit">
        {busy ? <span className="btn-spinner" aria-hidden="true" /> : member ? null : <IconUserPlus size={18} />}
        {!member ? '登录后申请' : pending ? '审核中' : busy ? '提交中…' : '立即加入'}
      </button>
      <p className="acct-tip">提交后我们的代理专员将在1~2个工作日内通过您留下的联系电话与您联系，请保持电话畅通。</p>
    </form>
  );
}

/** An agent on 代理加盟 (issue 34): no second application, the way to its agent centre instead. */
function AgentAlready() {
  const go = useGo();
  return (
    <div className="acct" data-testid="applyagent-agent">
      <section className="acct-hero aa-hero">
        <div className="acct-hero-text">
          <div className="acct-hero-name">您已经是代理</div>
          <div className="acct-hero-sub">推广链接、下级会员与佣金都在代理中心</div>
        </div>
        <span className="acct-hero-icon aa-hero-icon">
          <IconCoins size={28} />
        </span>
      </section>
      <div className="acct-notice acct-notice--ok">
        <IconCheck size={16} />
        <span>您的代理资格已开通，无需再次申请。</span>
      </div>
      <button type="button" className="btn-gold btn-block acct-submit" onClick={() => go('/agent')} data-testid="applyagent-portal">
        <IconUserPlus size={18} />
        进入代理中心
      </button>
    </div>
  );
}
