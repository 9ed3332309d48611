import type { InputHTMLAttributes } from 'react';
import { AppLink } from '../lib/nav';
import { IconClose, IconService } from '../components/icons';
import './moneyForm.css';

/** What an amount box accepts while typing: digits and at most two decimals (the schema checks the rest on submit). */
const AMOUNT_TYPING = /^\d{0,13}(\.\d{0,2})?$/;

type AmountInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  value: string;
  onChange(value: string): void;
  'data-testid'?: string;
};

/** The yuan amount box of the money forms (存款, 转账, 取款): typing keeps only what could become an amount. */
export function AmountInput({ value, onChange, className, ...rest }: AmountInputProps) {
  return (
    <input
      {...rest}
      className={className ? `num ${className}` : 'num'}
      inputMode="decimal"
      autoComplete="off"
      maxLength={16}
      value={value}
      onChange={(e) => {
        const v = e.target.value.replace(/[^\d.]/g, '');
        if (AMOUNT_TYPING.test(v)) onChange(v);
      }}
    />
  );
}

/** The clear cross (while there is an amount) and 最大金额, at the end of an amount box. */
export function AmountActions({ value, onClear, onMax, maxTestId }: { value: string; onClear(): void; onMax(): void; maxTestId: string }) {
  return (
    <>
      {value ? (
        <button type="button" className="amt-clear" aria-label="清空" onClick={onClear}>
          <IconClose size={14} strokeWidth={2.4} />
        </button>
      ) : null}
      <button type="button" className="amt-max" onClick={onMax} data-testid={maxTestId}>
        最大金额
      </button>
    </>
  );
}

/** "…遇到问题？" with the link to customer service under a money form. */
export function KefuLine({ question, label, testId, className = 'kefu-line' }: { question: string; label: string; testId?: string; className?: string }) {
  return (
    <p className={className}>
      {question}
      <AppLink to="/kefu" data-testid={testId}>
        <IconService size={14} />
        {label}
      </AppLink>
    </p>
  );
}
