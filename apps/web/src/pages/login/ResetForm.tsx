import { useState, type FormEvent } from 'react';
import { check, LIMITS, RESET_MSG, resetPasswordSchema } from '@casino/contract';
import { apiPost } from '../../api/client';
import { AppLink } from '../../lib/nav';
import { toast } from '../../ui/feedback';
import { IconIdCard, IconLock, IconShield, IconUser, IconWallet } from '../../components/icons';
import { SubmitButton } from '../../components/SubmitButton';
import { Field } from './fields';

/**
 * 忘记密码 (/login?forgot=1): the member proves the account is theirs with what only its owner
 * knows (real name, payment password, the last 4 of a bound card or USDT address) and sets a
 * new login password -> POST /api/resetPassword. Every session of the account ends; the member
 * then signs in with the new password. The server's one refusal for wrong facts is shown as is.
 */
export function ResetForm({ onDone }: { onDone(): void }) {
  const [name, setName] = useState('');
  const [realname, setRealname] = useState('');
  const [paypassword, setPaypassword] = useState('');
  const [cardLast4, setCardLast4] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPass, setConfirmPass] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const body = { name, realname, paypassword, card_last4: cardLast4, password, confirmPass };
    const checked = check(resetPasswordSchema, body);
    if (!checked.ok) return toast(checked.message);
    setBusy(true);
    const res = await apiPost<null>('/api/resetPassword', checked.data);
    setBusy(false);
    if (res.code !== 200) {
      if (!res.network) toast(res.message || RESET_MSG.mismatch, 'fail');
      return;
    }
    toast(res.message || RESET_MSG.ok, 'success');
    onDone();
  };

  return (
    <form className="lg-form" onSubmit={submit} noValidate data-testid="reset-form">
      <p className="lg-reset-note">验证身份后即可设置新密码，所有设备上的登录将同时退出。</p>
      <Field icon={<IconUser />} value={name} onChange={setName} placeholder="请输入用户名" autoComplete="username" name="name" testId="reset-name" />
      <Field icon={<IconIdCard />} value={realname} onChange={setRealname} placeholder="请输入注册时的真实姓名" autoComplete="name" testId="reset-realname" />
      <Field
        icon={<IconShield />}
        value={paypassword}
        onChange={setPaypassword}
        placeholder="请输入支付密码"
        maxLength={LIMITS.payPasswordMax}
        autoComplete="off"
        password
        testId="reset-paypassword"
      />
      <Field
        icon={<IconWallet />}
        value={cardLast4}
        onChange={(v) => setCardLast4(v.replace(/\s/g, ''))}
        placeholder="已绑定银行卡号或USDT地址后4位"
        maxLength={4}
        autoComplete="off"
        testId="reset-card"
      />
      <Field
        icon={<IconLock />}
        value={password}
        onChange={setPassword}
        placeholder="请输入新密码（6-32位）"
        autoComplete="new-password"
        password
        testId="reset-password"
      />
      <Field
        icon={<IconLock />}
        value={confirmPass}
        onChange={setConfirmPass}
        placeholder="请再次输入新密码"
        autoComplete="new-password"
        password
        testId="reset-confirm"
      />
      <SubmitButton busy={busy} label="重置密码" busyLabel="提交中…" testId="reset-submit" className="lg-submit" />
      <p className="lg-reset-help">
        未绑定银行卡或USDT地址？请
        <AppLink to="/kefu" className="lg-link">
          联系在线客服
        </AppLink>
        核实身份。
      </p>
    </form>
  );
}
