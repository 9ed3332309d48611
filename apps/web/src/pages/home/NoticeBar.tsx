import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { apiPost } from '../../api/client';
import { Svg, type P } from '../../components/icons';

const IconSpeaker = (p: P) => (
  <Svg {...p}>
    <path d="M4 9.5v5h3.5L13 19V5L7.5 9.5z" />
    <path d="M16.5 9a4 4 0 0 1 0 6M19 6.5a7.5 7.5 0 0 1 0 11" />
  </Svg>
);

async function fetchNotices(): Promise<string[]> {
  const res = await apiPost<string[]>('/api/homenotice', {});
  if (res.code !== 200 || !Array.isArray(res.data)) return [];
  return res.data.map((s) => String(s ?? '').trim()).filter(Boolean);
}

/**
 * The scrolling announcement bar (POST /api/homenotice). Tapping it opens a dialog with the
 * announcements and a link to the message centre (/message). The text scrolls with a CSS
 * transform, so it costs the main thread nothing.
 */
export function NoticeBar() {
  const { data } = useQuery({ queryKey: ['homenotice'], queryFn: fetchNotices, staleTime: 60_000, retry: false });
  const lines = data ?? [];
  const text = lines.length ? lines.join('　　　') : '';
  // about 60 px per second, whatever the length
  const seconds = Math.max(10, Math.round((text.length * 13 + 320) / 60));
  // the dialog belongs to home: leaving it (Back, a tab, a link) closes it, and a tap whose
  // dialog code arrives after home was left opens nothing
  const dialog = useRef<{ close: () => void } | null>(null);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      dialog.current?.close();
      dialog.current = null;
    };
  }, []);
  return (
    <button
      type="button"
      className="notice"
      data-testid="home-notice"
      aria-label="平台公告"
      onClick={() => {
        if (!lines.length) return;
        void import('./noticeDialog').then((m) => {
          if (mounted.current) dialog.current = m.showNotices(lines);
        });
      }}
    >
      <span className="notice-icon">
        <IconSpeaker size={18} />
      </span>
      <span className="notice-track">
        {text ? (
          <span className="notice-text" style={{ animationDuration: `${seconds}s` }} data-testid="home-notice-text">
            {text}
          </span>
        ) : (
          <span className="notice-empty">{data ? '暂无公告' : '公告加载中…'}</span>
        )}
      </span>
    </button>
  );
}
