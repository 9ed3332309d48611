import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { DatePicker } from 'antd-mobile';
import { beijingToday, check, PROFILE_LIMITS, PROFILE_MSG, updateUserInfoSchema } from '@casino/contract';
import { apiPost, failureText } from '../../api/client';
import { loadUser } from '../../session/actions';
import { useSession } from '../../session/store';
import { toast } from '../../ui/feedback';
import { IconChevronRight, IconLock } from '../../components/icons';
import { AvatarPicker } from './AvatarPicker';
import { maskName } from './mask';
import { SubmitButton } from '../../components/SubmitButton';
import './account.css';

/** YYYY-MM-DD of a local Date (the picker's days are calendar days, not instants). */
function ymd(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}
function dateOf(s: string): Date {
  const [y, m, d] = s.split('-').map(Number);
  return new Date(y, m - 1, d);
}

const MIN_DATE = dateOf(PROFILE_LIMITS.birthdayMin);
/** where the picker opens when no birthday is set yet */
const DEFAULT_BIRTHDAY = '1990-01-01';

/**
 * 个人资料 (spec sections 2, 5, 7): avatar upload, birthday picker (1980-01-01 to today),
 * mobile, email; save with POST /api/updateuserinfo {email, mobile, birthday}, checked in
 * the browser with the server's own rules, then userInfo is reloaded.
 */
export default function UserInfoPage() {
  const user = useSession((s) => s.user);
  const [mobile, setMobile] = useState(user?.mobile ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [birthday, setBirthday] = useState(user?.birthday ?? '');
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const touched = useRef(false);

  // the stored copy shows at once; the server's copy replaces it unless the member already typed
  useEffect(() => {
    void loadUser().then((res) => {
      if (res.code !== 200 || !res.data || touched.current) return;
      setMobile(res.data.mobile ?? '');
      setEmail(res.data.email ?? '');
      setBirthday(res.data.birthday ?? '');
    });
  }, []);

  const edit = (set: (v: string) => void) => (v: string) => {
    touched.current = true;
    set(v);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const checked = check(updateUserInfoSchema, { mobile, email, birthday });
    if (!checked.ok) return toast(checked.message);
    setBusy(true);
    const res = await apiPost('/api/updateuserinfo', checked.data);
    if (res.code === 200) {
      touched.current = false;
      await loadUser();
      toast(res.message || PROFILE_MSG.profileSaved, 'success');
    } else {
      const fail = failureText(res);
      if (fail) toast(fail, 'fail');
    }
    setBusy(false);
  };

  const today = beijingToday();
  // stable Dates: a new object on every render would put the open picker back where it started
  const maxDate = useMemo(() => dateOf(today), [today]);
  const pickerValue = useMemo(
    () => dateOf(birthday && birthday >= PROFILE_LIMITS.birthdayMin && birthday <= today ? birthday : DEFAULT_BIRTHDAY),
    [birthday, today],
  );

  return (
    <form className="acct" onSubmit={submit} noValidate data-testid="userinfo">
      <section className="acct-hero">
        <AvatarPicker size={64} testId="userinfo-avatar" />
        <div className="acct-hero-text">
          <div className="acct-hero-name" data-testid="userinfo-username">
            {user?.username ?? <span className="sk" style={{ width: 100, height: 18, opacity: 0.25 }} />}
          </div>
          <div className="acct-hero-sub">点击头像更换，支持 PNG / GIF，2MB 以内</div>
        </div>
      </section>

      <section className="card acct-card">
        <div className="acct-card-title">基本信息</div>
        <div className="acct-row">
          <span className="acct-label">用户名</span>
          <span className="acct-value">{user?.username ?? ''}</span>
          <IconLock size={16} className="acct-lock" />
        </div>
        <div className="acct-row">
          <span className="acct-label">真实姓名</span>
          <span className="acct-value" data-testid="userinfo-realname">
            {user?.realname ? maskName(user.realname) : ''}
          </span>
          <IconLock size={16} className="acct-lock" />
        </div>
      </section>

      <section className="card acct-card">
        <div className="acct-card-title">联系方式</div>
        <label className="acct-row">
          <span className="acct-label">手机号码</span>
          <input
            className="acct-input num"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="请输入手机号码"
            maxLength={PROFILE_LIMITS.mobileMax}
            value={mobile}
            onChange={(e) => edit(setMobile)(e.target.value.replace(/\s/g, ''))}
            data-testid="userinfo-mobile"
          />
        </label>
        <label className="acct-row">
          <span className="acct-label">电子邮箱</span>
          <input
            className="acct-input"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="请输入电子邮箱"
            maxLength={PROFILE_LIMITS.emailMax}
            value={email}
            onChange={(e) => edit(setEmail)(e.target.value.trim())}
            data-testid="userinfo-email"
          />
        </label>
        <div className="acct-row">
          <span className="acct-label">出生日期</span>
          <button type="button" className="acct-picker" onClick={() => setPicking(true)} data-testid="userinfo-birthday">
            <span className={birthday ? 'num' : 'acct-value--muted'} data-testid="userinfo-birthday-value">
              {birthday || '请选择出生日期'}
            </span>
            <IconChevronRight size={16} className="acct-picker-chev" />
          </button>
        </div>
      </section>

      <SubmitButton busy={busy} label="保存" busyLabel="保存中…" testId="userinfo-save" className="acct-submit" />
      <p className="acct-tip">手机号码与电子邮箱仅用于账户安全验证与客服联系，我们不会向任何第三方透露您的资料。</p>

      <DatePicker
        visible={picking}
        title="选择出生日期"
        precision="day"
        min={MIN_DATE}
        max={maxDate}
        value={pickerValue}
        confirmText="确定"
        cancelText="取消"
        onClose={() => setPicking(false)}
        onConfirm={(d) => edit(setBirthday)(ymd(d))}
        renderLabel={(type, n) => (type === 'year' ? `${n}年` : type === 'month' ? `${n}月` : type === 'day' ? `${n}日` : String(n))}
      />
    </form>
  );
}
