import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { IconEye, IconEyeOff } from '../../components/icons';
import { SubmitButton } from '../../components/SubmitButton';
import './CardForm.css';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'>;

/** A labelled row of the add-card forms: label above, input (or any control) in a box. */
export function FormRow({ label, hint, children, htmlFor }: { label: string; hint?: ReactNode; children: ReactNode; htmlFor?: string }) {
  return (
    <div className="cf-row">
      <label className="cf-label" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
      {hint ? <p className="cf-hint">{hint}</p> : null}
    </div>
  );
}

export function TextInput({
  value,
  onChange,
  testId,
  password,
  trailing,
  ...rest
}: InputProps & { value: string; onChange(v: string): void; testId: string; password?: boolean; trailing?: ReactNode }) {
  const [shown, setShown] = useState(false);
  return (
    <div className="cf-box">
      <input
        className="cf-input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        autoComplete="off"
        data-testid={testId}
        {...rest}
        type={password ? (shown ? 'text' : 'password') : rest.type || 'text'}
      />
      {password ? (
        <button type="button" className="cf-eye" aria-label={shown ? '隐藏密码' : '显示密码'} onClick={() => setShown((s) => !s)}>
          {shown ? <IconEye size={18} /> : <IconEyeOff size={18} />}
        </button>
      ) : null}
      {trailing}
    </div>
  );
}

/** The card forms' submit button (the shared one, with this form's spacing). */
export function CardSubmit({ busy, testId }: { busy: boolean; testId: string }) {
  return <SubmitButton busy={busy} label="确认绑定" busyLabel="提交中…" testId={testId} className="cf-submit" />;
}
