import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../session/store';
import { local, session, SESSION_KEYS, STORAGE_KEYS } from '../../lib/storage';
import { AppLink, useBack } from '../../lib/nav';
import { safeRedirect } from '../../router/RequireAuth';
import { DEFAULT_SITE_TITLE } from '../../config';
import { Logo } from '../../components/Logo';
import { IconBack, IconHome, IconService } from '../../components/icons';
import { LoginForm, RegisterForm } from './forms';
import { ResetForm } from './ResetForm';
import './LoginPage.css';

type Tab = 'login' | 'register';

/**
 * /login: tabs 登录 / 注册. Query type=1 opens 注册; a pid query (a referral link, also
 * what /register?pid= forwards to) opens 注册 too unless type says otherwise; redirect
 * is where to go after signing in; forgot=1 shows the self-service password reset. A member
 * already signed in goes straight to redirect (or /).
 */
export default function LoginPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const back = useBack();
  const title = useSession((s) => s.appInfo?.title) || DEFAULT_SITE_TITLE;
  // signed in when the page opened (token in the store and in storage): no form to show. Only
  // on arrival: a sign-in made here navigates by itself once userInfo is loaded; logging out
  // clears storage before it comes here and forgets the token after.
  const [signedInOnArrival] = useState(() => Boolean(useSession.getState().token && local.get(STORAGE_KEYS.token)));

  const typeParam = params.get('type');
  const pidParam = params.get('pid')?.trim() || '';
  const pid = pidParam || session.get(SESSION_KEYS.pid) || '';

  // the tab follows the URL, so every link to /login?type=... lands on the right form
  const tab: Tab = typeParam === '1' || (typeParam === null && pidParam) ? 'register' : 'login';

  const switchTab = (next: Tab) => {
    if (next === tab) return;
    const q = new URLSearchParams(params);
    q.set('type', next === 'register' ? '1' : '0');
    setParams(q, { replace: true });
  };

  const onSignedIn = () => navigate(safeRedirect(params.get('redirect')), { replace: true });
  const forgot = params.get('forgot') === '1';
  const leaveForgot = () => {
    const q = new URLSearchParams(params);
    q.delete('forgot');
    q.set('type', '0');
    setParams(q, { replace: true });
  };

  if (signedInOnArrival) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;

  return (
    <div className="lg" data-testid="login-page">
      <section className="lg-hero">
        <button type="button" className="lg-back" aria-label="返回" onClick={back} data-testid="login-back">
          <IconBack size={22} strokeWidth={2} />
        </button>
        <div className="lg-brand">
          <Logo size={58} />
          <h1 className="lg-title">{title}</h1>
          <p className="lg-tagline">安全 · 公平 · 极速</p>
        </div>
      </section>

      {forgot ? (
        <section className="card lg-card" data-testid="reset-panel">
          <div className="lg-reset-head">
            <h2 className="lg-reset-title">忘记密码</h2>
            <button type="button" className="lg-link" onClick={leaveForgot} data-testid="reset-cancel">
              返回登录
            </button>
          </div>
          <ResetForm onDone={leaveForgot} />
        </section>
      ) : (
        <section className="card lg-card">
          <div className="lg-tabs" role="tablist">
            <button
              type="button"
              role="tab"
              aria-selected={tab === 'login'}
              className={tab === 'login' ? 'lg-tab lg-tab--on' : 'lg-tab'}
              onClick={() => switchTab('login')}
              data-testid="login-tab-login"
            >
              登录
            </button>
            <button
              type="button"
              role="tab"
              aria-selected={tab === 'register'}
              className={tab === 'register' ? 'lg-tab lg-tab--on' : 'lg-tab'}
              onClick={() => switchTab('register')}
              data-testid="login-tab-register"
            >
              注册
            </button>
          </div>
          {tab === 'login' ? (
            <LoginForm key="login" onSignedIn={onSignedIn} />
          ) : (
            <RegisterForm key="register" onSignedIn={onSignedIn} pid={pid} />
          )}
        </section>
      )}

      <nav className="lg-links">
        <AppLink to="/" className="lg-link-item" data-testid="link-browse">
          <IconHome size={16} />
          随便逛逛
        </AppLink>
        <span className="lg-links-sep" />
        <AppLink to="/kefu" className="lg-link-item" data-testid="link-kefu">
          <IconService size={16} />
          在线客服
        </AppLink>
      </nav>
    </div>
  );
}
