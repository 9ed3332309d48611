import { Suspense, useRef, useState } from 'react';
import { retryableLazy } from '../lib/retryableLazy';
import { ChunkBoundary } from './ChunkBoundary';
import './QuickPick.css';

const QuickPickPanel = retryableLazy(() => import('./QuickPickPanel'), 'QuickPickPanel');

/**
 * The pull-up quick-pick of hot games (spec section 2, global chrome): the handle in the
 * bottom dock; a tap or an upward swipe opens the panel. The panel's code (antd-mobile Popup)
 * loads on first use.
 */
export function QuickPick() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const startY = useRef<number | null>(null);
  const show = () => {
    setLoaded(true);
    setOpen(true);
  };
  return (
    <>
      <button
        type="button"
        className="qp-handle"
        aria-label="热门游戏快捷选择"
        data-testid="quick-pick"
        onClick={show}
        onTouchStart={(e) => {
          startY.current = e.touches[0]?.clientY ?? null;
        }}
        onTouchMove={(e) => {
          const y = e.touches[0]?.clientY;
          if (startY.current !== null && y !== undefined && startY.current - y > 24) {
            startY.current = null;
            show();
          }
        }}
      >
        <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="m6 14 6-6 6 6" />
        </svg>
        <span>热门游戏</span>
      </button>
      {loaded && (
        <ChunkBoundary
          onFailed={() => {
            setOpen(false);
            setLoaded(false);
          }}
        >
          <Suspense fallback={null}>
            <QuickPickPanel open={open} onClose={() => setOpen(false)} />
          </Suspense>
        </ChunkBoundary>
      )}
    </>
  );
}
