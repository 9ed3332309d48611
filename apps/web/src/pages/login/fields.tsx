import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { LIMITS } from '@casino/contract';
import { IconEye, IconEyeOff, IconKey } from '../../components/icons';
import type { CaptchaStatus } from './useCaptcha';
import type { CaptchaReply } from '@casino/contract';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'>;

export function Field({
  icon,
  value,
  onChange,
  testId,
  trailing,
  password,
  ...rest
}: InputProps & {
  icon: ReactNode;
  value: string;
  onChange(v: string): void;
  testId: string;
  trailing?: ReactNode;
  password?: boolean;
}) {
  const [shown, setShown] = useState(false);
  return (
    <label className="fld">
      <span className="fld-icon">{icon}</span>
      <input
        className="fld-input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={LIMITS.inputMax}
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        data-testid={testId}
        {...rest}
        type={password ? (shown ? 'text' : 'password') : rest.type || 'text'}
      />
      {password && (
        <button
          type="button"
          className="fld-eye"
          aria-label={shown ? '隐藏密码' : '显示密码'}
          onClick={(e) => {
            e.preventDefault();
            setShown((s) => !s);
          }}
        >
          {shown ? <IconEye size={18} /> : <IconEyeOff size={18} />}
        </button>
      )}
      {trailing}
    </label>
  );
}

/** The captcha code input with its image beside it; tap the image for a new one. */
export function CaptchaField({
  value,
  onChange,
  maxLength,
  testId,
  captcha,
  status,
  onRefresh,
}: {
  value: string;
  onChange(v: string): void;
  maxLength: number;
  testId: string;
  captcha: CaptchaReply | null;
  status: CaptchaStatus;
  onRefresh(): void;
}) {
  if (status === 'off') return null;
  return (
    <Field
      icon={<IconKey />}
      value={value}
      onChange={onChange}
      placeholder="请输入验证码"
      maxLength={maxLength}
      autoComplete="off"
      inputMode="text"
      testId={testId}
      name="code"
      trailing={
        <button
          type="button"
          className="cap"
          aria-label="看不清？换一张"
          data-testid="captcha-refresh"
          onClick={(e) => {
            e.preventDefault();
            onRefresh();
          }}
        >
          {status === 'ready' && captcha ? (
            <img src={captcha.img} alt="验证码" className="cap-img" data-testid="captcha-img" data-key={captcha.key} draggable={false} />
          ) : status === 'loading' ? (
            <span className="sk cap-sk" data-testid="captcha-loading" />
          ) : (
            <span className="cap-retry">点击刷新</span>
          )}
        </button>
      }
    />
  );
}

export function Check({
  checked,
  onChange,
  testId,
  children,
}: {
  checked: boolean;
  onChange(v: boolean): void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <label className="chk">
      <input
        type="checkbox"
        className="chk-box"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        data-testid={testId}
      />
      <span>{children}</span>
    </label>
  );
}
