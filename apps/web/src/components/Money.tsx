import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { formatYuan } from '@casino/contract';
import './Money.css';

/** The smallest type a money figure is shrunk to before it wraps instead (px). */
const MIN_FONT_PX = 10;

/**
 * Shrinks the figure's type until it fits its box (never below MIN_FONT_PX), then lets it wrap:
 * a figure is never clipped nor ellipsized (issue 34). Done again when the box changes size.
 */
function fit(el: HTMLElement) {
  el.style.fontSize = '';
  el.classList.remove('mfig--wrap');
  if (el.scrollWidth <= el.clientWidth + 0.5) return;
  let size = parseFloat(getComputedStyle(el).fontSize);
  size = Math.max(MIN_FONT_PX, Math.floor(((size * el.clientWidth) / el.scrollWidth) * 10) / 10);
  el.style.fontSize = `${size}px`;
  while (el.scrollWidth > el.clientWidth + 0.5 && size > MIN_FONT_PX) {
    size = Math.max(MIN_FONT_PX, size - 0.5);
    el.style.fontSize = `${size}px`;
  }
  if (el.scrollWidth > el.clientWidth + 0.5) el.classList.add('mfig--wrap');
}

interface MoneyProps {
  /** yuan, shown grouped with two decimals (1,234.50); or give the text as children */
  value?: number;
  children?: ReactNode;
  className?: string;
  testId?: string;
  title?: string;
}

/**
 * Every money figure of the member site (issue 34): a `data-money` box as wide as its place at
 * most, whose type shrinks to fit it and which wraps rather than clip at the smallest type.
 * The money-overflow end-to-end test (money-fit.e2e.ts) finds figures by `data-money`.
 */
export function Money({ value, children, className, testId, title }: MoneyProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const text = children ?? (value === undefined ? '' : formatYuan(value, true));
  const key = typeof text === 'string' || typeof text === 'number' ? String(text) : null;

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    fit(el);
    const parent = el.parentElement;
    if (!parent || typeof ResizeObserver === 'undefined') return;
    let frame = 0;
    let width = parent.clientWidth;
    const watch = new ResizeObserver(() => {
      if (parent.clientWidth === width) return;
      width = parent.clientWidth;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => fit(el));
    });
    watch.observe(parent);
    return () => {
      cancelAnimationFrame(frame);
      watch.disconnect();
    };
  }, [key]);

  return (
    <span ref={ref} className={`mfig num${className ? ` ${className}` : ''}`} data-money="" data-testid={testId} title={title}>
      {text}
    </span>
  );
}
