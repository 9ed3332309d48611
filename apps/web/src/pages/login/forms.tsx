import { useState, type FormEvent } from 'react';
import { check, LIMITS, loginSchema, MSG, registerFormSchema, type TokenReply } from '@casino/contract';
import { apiPost } from '../../api/client';
import { completeSignIn } from '../../session/actions';
import { local, LOCAL_KEYS } from '../../lib/storage';
import { AppLink } from '../../lib/nav';
import { toast } from '../../ui/feedback';
import { IconIdCard, IconLock, IconShield, IconUser } from '../../components/icons';
import { CaptchaField, Check, Field } from './fields';
import { SubmitButton } from '../../components/SubmitButton';
import { useCaptcha } from './useCaptcha';

interface FormProps {
  /** called after the session is stored */
  onSignedIn(): void;
}

/** Login: name, password, captcha, 记住账号 -> POST /api/login_pc. */
export function LoginForm({ onSignedIn }: FormProps) {
  const remembered = local.get(LOCAL_KEYS.rememberedName) || '';
  const [name, setName] = useState(remembered);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(Boolean(remembered));
  const [busy, setBusy] = useState(false);
  const { captcha, status, refresh } = useCaptcha();

  const fail = (message: string | null) => {
    if (message) toast(message, 'fail');
    setCode('');
    void refresh();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const checked = check(loginSchema, { name, password, code, captcha_key: captcha?.key });
    if (!checked.ok) return toast(checked.message);
    if (status === 'ready' && !code.trim()) return toast(MSG.captchaEmpty);

    setBusy(true);
    const res = await apiPost<TokenReply>('/api/login_pc', {
      name: checked.data.name,
      password,
      code: code.trim(),
      captcha_key: captcha?.key,
    });
    if (res.code !== 200 || !res.data?.api_token) {
      setBusy(false);
      return fail(res.network ? null : res.message || MSG.loginFailed);
    }
    if (remember) local.set(LOCAL_KEYS.rememberedName, checked.data.name);
    else local.remove(LOCAL_KEYS.rememberedName);
    await completeSignIn(res.data.api_token);
    setBusy(false);
    toast(res.message || MSG.loginOk, 'success');
    onSignedIn();
  };

  return (
    <form className="lg-form" onSubmit={submit} noValidate data-testid="login-form">
      <Field
        icon={<IconUser />}
        value={name}
        onChange={setName}
        placeholder="请输入用户名"
        autoComplete="username"
        name="name"
        testId="login-name"
      />
      <Field
        icon={<IconLock />}
        value={password}
        onChange={setPassword}
        placeholder="请输入密码"
        autoComplete="current-password"
        name="password"
        password
        testId="login-password"
      />
      <CaptchaField
        value={code}
        onChange={setCode}
        maxLength={LIMITS.loginCaptchaMax}
        testId="login-code"
        captcha={captcha}
        status={status}
        onRefresh={refresh}
      />
      <div className="lg-row">
        <Check checked={remember} onChange={setRemember} testId="login-remember">
          记住账号
        </Check>
        <AppLink to="/login?forgot=1" className="lg-forgot" data-testid="login-forgot">
          忘记密码？
        </AppLink>
      </div>
      <SubmitButton busy={busy} label="登录" busyLabel="登录中…" testId="login-submit" className="lg-submit" />
    </form>
  );
}

/** Register: the spec's fields, agreement box first -> POST /api/register. */
export function RegisterForm({ onSignedIn, pid }: FormProps & { pid: string }) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPass, setConfirmPass] = useState('');
  const [realname, setRealname] = useState('');
  const [paypassword, setPaypassword] = useState('');
  const [code, setCode] = useState('');
  const [agreement, setAgreement] = useState(true);
  const [busy, setBusy] = useState(false);
  const { captcha, status, refresh } = useCaptcha();

  const fail = (message: string | null) => {
    if (message) toast(message, 'fail');
    setCode('');
    void refresh();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const checked = check(registerFormSchema, {
      agreement,
      name,
      password,
      confirmPass,
      realname,
      paypassword,
      code,
      captcha_key: captcha?.key,
      pid: pid || undefined,
    });
    if (!checked.ok) return toast(checked.message);
    if (status === 'ready' && !code.trim()) return toast(MSG.captchaEmpty);

    setBusy(true);
    const res = await apiPost<TokenReply>('/api/register', {
      name: checked.data.name,
      password,
      confirmPass,
      realname: checked.data.realname,
      paypassword,
      code: code.trim(),
      captcha_key: captcha?.key,
      pid: pid || undefined,
    });
    if (res.code !== 200 || !res.data?.api_token) {
      setBusy(false);
      return fail(res.network ? null : res.message || MSG.serverError);
    }
    await completeSignIn(res.data.api_token);
    setBusy(false);
    toast(res.message || MSG.registerOk, 'success');
    onSignedIn();
  };

  return (
    <form className="lg-form" onSubmit={submit} noValidate data-testid="register-form">
      <Field
        icon={<IconUser />}
        value={name}
        onChange={setName}
        placeholder="用户名（6~16位字母或数字）"
        autoComplete="username"
        name="name"
        testId="reg-name"
      />
      <Field
        icon={<IconLock />}
        value={password}
        onChange={setPassword}
        placeholder="登录密码（最少6位）"
        autoComplete="new-password"
        name="password"
        password
        testId="reg-password"
      />
      <Field
        icon={<IconLock />}
        value={confirmPass}
        onChange={setConfirmPass}
        placeholder="请再次输入登录密码"
        autoComplete="new-password"
        name="confirmPass"
        password
        testId="reg-confirm"
      />
      <Field
        icon={<IconIdCard />}
        value={realname}
        onChange={setRealname}
        placeholder="真实姓名（须与取款银行卡一致）"
        autoComplete="name"
        name="realname"
        testId="reg-realname"
      />
      <Field
        icon={<IconShield />}
        value={paypassword}
        onChange={setPaypassword}
        placeholder="支付密码（最少6位）"
        autoComplete="new-password"
        name="paypassword"
        password
        testId="reg-paypassword"
      />
      <CaptchaField
        value={code}
        onChange={setCode}
        maxLength={LIMITS.registerCaptchaLength}
        testId="reg-code"
        captcha={captcha}
        status={status}
        onRefresh={refresh}
      />
      {pid ? (
        <div className="lg-pid" data-testid="reg-pid">
          推荐码：<b>{pid}</b>
        </div>
      ) : null}
      <div className="lg-row lg-agree">
        <Check checked={agreement} onChange={setAgreement} testId="reg-agreement">
          我已阅读并同意
        </Check>
        <AppLink to="/abouts?type=5" className="lg-link" data-testid="reg-terms">
          《相关条款》
        </AppLink>
        和
        <AppLink to="/abouts?type=6" className="lg-link" data-testid="reg-privacy">
          《隐私协议》
        </AppLink>
      </div>
      <SubmitButton busy={busy} label="注册" busyLabel="注册中…" testId="reg-submit" className="lg-submit" />
    </form>
  );
}
