import type { ReactNode } from 'react';

/**
 * A row of tab buttons (role tablist): each button has `itemClass`, the chosen one also
 * `${itemClass}--on`; choosing the chosen one again does nothing. The look is the caller's
 * (seg-tabs, date tabs, type pickers); each button's test id is `${testIdPrefix}${value}`.
 */
export function Tabs<T extends { value: string | number; label: string }>({
  items,
  value,
  onChange,
  label,
  className,
  itemClass,
  testIdPrefix,
  testId,
  render,
}: {
  items: readonly T[];
  value: T['value'];
  onChange(value: T['value']): void;
  /** the tablist's aria-label */
  label: string;
  className: string;
  itemClass: string;
  testIdPrefix: string;
  testId?: string;
  /** a button's content; its label when not given */
  render?(item: T, on: boolean): ReactNode;
}) {
  return (
    <div className={className} role="tablist" aria-label={label} data-testid={testId}>
      {items.map((t) => {
        const on = t.value === value;
        return (
          <button
            key={t.value}
            type="button"
            role="tab"
            aria-selected={on}
            className={on ? `${itemClass} ${itemClass}--on` : itemClass}
            onClick={() => !on && onChange(t.value)}
            data-testid={`${testIdPrefix}${t.value}`}
          >
            {render ? render(t, on) : t.label}
          </button>
        );
      })}
    </div>
  );
}
