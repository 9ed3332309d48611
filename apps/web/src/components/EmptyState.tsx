import { useId, type ReactNode } from 'react';
import './EmptyState.css';

/** An empty list: drawn artwork (an open tray with a magnifier), a title, a line, an action. */
export function EmptyState({
  title = '暂无记录',
  text,
  action,
  testId = 'empty-state',
}: {
  title?: string;
  text?: string;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="empty" data-testid={testId}>
      <EmptyArt />
      <p className="empty-title">{title}</p>
      {text ? <p className="empty-text">{text}</p> : null}
      {action ? <div className="empty-action">{action}</div> : null}
    </div>
  );
}

/** A list or page whose data could not be read: the same artwork, the reason and 重新加载. */
export function LoadFailed({
  onRetry,
  text = '请稍后再试',
  testId = 'load-failed',
  retryTestId,
}: {
  onRetry(): void;
  text?: string;
  testId?: string;
  retryTestId?: string;
}) {
  return (
    <EmptyState
      title="加载失败"
      text={text}
      testId={testId}
      action={
        <button type="button" className="btn-gold" onClick={onRetry} data-testid={retryTestId}>
          重新加载
        </button>
      }
    />
  );
}

function EmptyArt() {
  const id = useId().replace(/:/g, '');
  return (
    <svg className="empty-art" width="176" height="128" viewBox="0 0 176 128" aria-hidden="true">
      <defs>
        <linearGradient id={`e-g-${id}`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f8e3ad" />
          <stop offset="1" stopColor="#d2a254" />
        </linearGradient>
        <linearGradient id={`e-n-${id}`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#2a3d76" />
          <stop offset="1" stopColor="#131e3e" />
        </linearGradient>
        <linearGradient id={`e-p-${id}`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="1" stopColor="#eef0f6" />
        </linearGradient>
      </defs>
      <ellipse cx="88" cy="116" rx="64" ry="7" fill="#e6e9f0" />
      <circle cx="28" cy="34" r="3" fill="#e6c074" opacity=".55" />
      <circle cx="150" cy="26" r="4" fill="#e6c074" opacity=".4" />
      <circle cx="156" cy="78" r="2.5" fill="#273a70" opacity=".25" />
      <path d="M24 76l2.6 5.2 5.4.8-3.9 3.8.9 5.4-5-2.6-4.8 2.6.9-5.4-3.9-3.8 5.4-.8z" fill="#e6c074" opacity=".5" />
      {/* paper sheets */}
      <rect x="58" y="16" width="58" height="70" rx="8" fill={`url(#e-p-${id})`} stroke="#dfe3ec" strokeWidth="1.5" transform="rotate(-8 87 51)" />
      <rect x="62" y="12" width="58" height="72" rx="8" fill="#fff" stroke="#dfe3ec" strokeWidth="1.5" />
      <rect x="71" y="24" width="30" height="5" rx="2.5" fill="#e6c074" opacity=".8" />
      <rect x="71" y="35" width="40" height="4" rx="2" fill="#e3e7ef" />
      <rect x="71" y="44" width="34" height="4" rx="2" fill="#e3e7ef" />
      <rect x="71" y="53" width="38" height="4" rx="2" fill="#e3e7ef" />
      {/* tray */}
      <path d="M40 70h26l6 10h32l6-10h26v30a8 8 0 0 1-8 8H48a8 8 0 0 1-8-8z" fill={`url(#e-n-${id})`} />
      <path d="M40 70h26l6 10h32l6-10h26" fill="none" stroke={`url(#e-g-${id})`} strokeWidth="2.5" strokeLinejoin="round" />
      {/* magnifier */}
      <circle cx="128" cy="52" r="13" fill="#fff" fillOpacity=".85" stroke={`url(#e-g-${id})`} strokeWidth="4" />
      <path d="M137.5 61.5l9 9" stroke={`url(#e-g-${id})`} strokeWidth="5" strokeLinecap="round" />
    </svg>
  );
}
