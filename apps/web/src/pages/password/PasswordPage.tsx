import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { check, passwordFormSchema, passwordMaxLength, PROFILE_MSG, type PasswordKind } from '@casino/contract';
import { apiPost, failureText } from '../../api/client';
import { clearLocalStorage, clearSessionStorage } from '../../lib/storage';
import { navigateTo } from '../../lib/navigation';
import { useBack } from '../../lib/nav';
import { stopBalancePolling } from '../../session/polling';
import { useSession } from '../../session/store';
import { toast } from '../../ui/feedback';
import { IconEye, IconEyeOff, IconKey, IconLock, IconShield } from '../../components/icons';
import { SubmitButton } from '../../components/SubmitButton';
import '../userInfo/account.css';

const KINDS: Record<PasswordKind, { title: string; sub: string; path: string; tip: string }> = {
  1: {
    title: '修改登录密码',
    sub: '修改成功后需使用新密码重新登录',
    path: '/api/editPassword',
    tip: '登录密码长度6~32位。修改成功后，您在所有设备上的登录状态都将失效，请使用新密码重新登录。',
  },
  2: {
    title: '修改支付密码',
    sub: '用于取款、绑定银行卡与USDT地址',
    path: '/api/editPayPassword',
    tip: '支付密码长度6~18位，请勿与登录密码相同。忘记支付密码请联系在线客服。',
  },
};

type Field = 'password' | 'paypassword' | 'confirm';

/**
 * /password?type=1 (login password) or type=2 (payment password), spec sections 4, 5, 7:
 * old, new and confirm, checked in the spec's order (confirm in the browser only), then
 * POST {password: old, paypassword: new}. A new login password ends every session: storage is
 * cleared and the member goes to /login with 密码修改成功！.
 */
export default function PasswordPage() {
  const [params] = useSearchParams();
  const kind: PasswordKind = params.get('type') === '2' ? 2 : 1;
  return <PasswordForm key={kind} kind={kind} />;
}

function PasswordForm({ kind }: { kind: PasswordKind }) {
  const meta = KINDS[kind];
  const back = useBack();
  const [values, setValues] = useState<Record<Field, string>>({ password: '', paypassword: '', confirm: '' });
  const [shown, setShown] = useState<Record<Field, boolean>>({ password: false, paypassword: false, confirm: false });
  const [busy, setBusy] = useState(false);
  const max = passwordMaxLength(kind);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const checked = check(passwordFormSchema(kind), values);
    if (!checked.ok) return toast(checked.message);
    setBusy(true);
    const res = await apiPost(meta.path, { password: checked.data.password, paypassword: checked.data.paypassword });
    if (res.code !== 200) {
      setBusy(false);
      const fail = failureText(res);
      if (fail) toast(fail, 'fail');
      return;
    }
    toast(PROFILE_MSG.passwordChanged, 'success');
    if (kind === 1) {
      // the server ended every session of the member: leave as a logout does (spec section 4)
      stopBalancePolling();
      clearLocalStorage();
      clearSessionStorage();
      await navigateTo('/login', { replace: true });
      useSession.getState().reset();
      return;
    }
    setBusy(false);
    setValues({ password: '', paypassword: '', confirm: '' });
    back();
  };

  const field = (name: Field, label: string, placeholder: string, autoComplete: string) => (
    <label className="acct-row">
      <span className="acct-label">{label}</span>
      <input
        className="acct-input"
        type={shown[name] ? 'text' : 'password'}
        autoComplete={autoComplete}
        placeholder={placeholder}
        maxLength={max}
        value={values[name]}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
        data-testid={`pw-${name === 'password' ? 'old' : name === 'paypassword' ? 'new' : 'confirm'}`}
      />
      <button
        type="button"
        className="acct-eye"
        aria-label={shown[name] ? '隐藏密码' : '显示密码'}
        onClick={() => setShown((s) => ({ ...s, [name]: !s[name] }))}
      >
        {shown[name] ? <IconEye size={18} /> : <IconEyeOff size={18} />}
      </button>
    </label>
  );

  return (
    <form className="acct" onSubmit={submit} noValidate data-testid="password-page" data-kind={kind}>
      <section className="acct-hero">
        <span className="acct-hero-icon">{kind === 1 ? <IconLock size={26} /> : <IconKey size={26} />}</span>
        <div className="acct-hero-text">
          <div className="acct-hero-name" data-testid="password-title">
            {meta.title}
          </div>
          <div className="acct-hero-sub">{meta.sub}</div>
        </div>
      </section>

      <section className="card acct-card">
        {field('password', '旧密码', kind === 1 ? '请输入旧登录密码' : '请输入旧支付密码', 'current-password')}
        {field('paypassword', '新密码', kind === 1 ? '请输入6~32位新密码' : '请输入6~18位新支付密码', 'new-password')}
        {field('confirm', '确认密码', '请再次输入新密码', 'new-password')}
      </section>

      <SubmitButton busy={busy} label="确认修改" busyLabel="提交中…" testId="pw-submit" className="acct-submit" />
      <div className="acct-notice">
        <IconShield size={16} />
        <span>{meta.tip}</span>
      </div>
    </form>
  );
}
