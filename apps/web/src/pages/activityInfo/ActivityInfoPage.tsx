import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useSession } from '../../session/store';
import { loadUser } from '../../session/actions';
import { AppLink, useGo } from '../../lib/nav';
import { PROMO_MSG, RISK_MSG } from '@casino/contract';
import { toast } from '../../ui/feedback';
import { promoFailureText, useApplyActivity } from '../../hooks/api/promotions';
import { LazyImg } from '../../components/LazyImg';
import { RichContent } from '../../components/RichContent';
import { EmptyState } from '../../components/EmptyState';
import { IconLogin, IconService } from '../../components/icons';
import { fetchActivity } from '../../hooks/api/promotions';
import { ApiFailure } from '../../api/failure';
import './ActivityInfoPage.css';

const NOT_FOUND = '活动不存在或已结束';

/**
 * 活动详情 (/activityInfo?id=): banner, title, content, memo. Members get 立即申请, which records
 * the application (POST /api/activityApply) and then opens customer service (/kefu); guests get a button to log in
 * (and come back here afterwards); a 限制优惠 member reads that the account does not take part.
 */
export default function ActivityInfoPage() {
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const token = useSession((s) => s.token);
  // issue 36: a 限制优惠 member (userInfo promo_withheld) is told plainly instead of an application the server refuses
  const withheld = useSession((s) => s.user?.promo_withheld === 1);
  // the level may have changed since userInfo was last read: read it again for this page
  useEffect(() => {
    if (token) void loadUser();
  }, [token]);
  const raw = params.get('id') ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  const q = useQuery({ queryKey: ['activity', id], queryFn: () => fetchActivity(id), enabled: id > 0, staleTime: 60_000, retry: false });
  const apply = useApplyActivity();
  const go = useGo();
  // issue 11: the application is recorded first (one pending per activity), then customer service opens
  const onApply = () =>
    apply.mutate(id, {
      onSuccess: () => {
        toast(PROMO_MSG.applyOk, 'success');
        go('/kefu');
      },
      onError: (err) => {
        const text = promoFailureText(err);
        if (text) toast(text, text === PROMO_MSG.applyPending ? 'info' : 'fail');
        if (text === PROMO_MSG.applyPending) go('/kefu');
      },
    });

  if (!id || q.isError) {
    const message = (q.error instanceof ApiFailure && !q.error.result.network && q.error.result.message) || (id ? '加载失败，请稍后再试' : NOT_FOUND);
    return (
      <div className="page-body" data-testid="activity-info-missing">
        <div className="card">
          <EmptyState
            title={message}
            text="看看其他优惠活动吧"
            action={
              <AppLink to="/activity" className="btn-gold">
                查看全部活动
              </AppLink>
            }
          />
        </div>
      </div>
    );
  }

  const a = q.data;
  return (
    <div className="acti" data-testid="activity-info">
      <div className="acti-banner-wrap">
        {a ? <LazyImg src={a.banner} alt={a.title} className="acti-banner" eager /> : <span className="sk acti-banner" />}
      </div>
      <article className="card acti-card">
        {a ? (
          <>
            <h1 className="acti-title" data-testid="activity-info-title">
              {a.title}
            </h1>
            {a.memo ? (
              <p className="acti-memo" data-testid="activity-info-memo">
                {a.memo}
              </p>
            ) : null}
            <RichContent html={a.content} testId="activity-info-content" />
          </>
        ) : (
          <div aria-busy="true" aria-label="加载中">
            <span className="sk" style={{ width: '70%', height: 20 }} />
            <span className="sk" style={{ width: '100%', height: 40, marginTop: 12 }} />
            {[0, 1, 2, 3].map((i) => (
              <span key={i} className="sk" style={{ width: `${92 - i * 9}%`, height: 13, marginTop: 12 }} />
            ))}
          </div>
        )}
      </article>

      <div className="acti-bar">
        {token && withheld ? (
          <p className="acti-withheld" role="note" data-testid="activity-withheld">
            {RISK_MSG.activityWithheld}
          </p>
        ) : token ? (
          <button type="button" className="btn-gold btn-block" disabled={apply.isPending || !a} onClick={onApply} data-testid="activity-apply">
            {apply.isPending ? <span className="btn-spinner" aria-hidden="true" /> : <IconService size={18} />}
            {apply.isPending ? '提交中…' : '立即申请'}
          </button>
        ) : (
          <AppLink
            to={`/login?redirect=${encodeURIComponent(pathname + search)}`}
            className="btn-navy btn-block"
            data-testid="activity-login"
          >
            <IconLogin size={18} />
            登录后申请
          </AppLink>
        )}
      </div>
    </div>
  );
}
