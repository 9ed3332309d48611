import { useEffect, useRef, useState } from 'react';
import { useResponsible } from '../../hooks/api/responsible';

/**
 * The reality check (issue 22): every N minutes of play (the member's own interval, or the
 * site's default) a dialog says how long the member has played; 继续 plays on, 离开 leaves.
 */
export function RealityCheck({ playing, onLeave }: { playing: boolean; onLeave: () => void }) {
  const q = useResponsible(playing);
  const minutes = q.data?.reality_minutes ?? 0;
  const started = useRef(Date.now());
  const [shownAt, setShownAt] = useState<number | null>(null);

  useEffect(() => {
    if (!playing || !minutes) return;
    const t = window.setInterval(() => setShownAt((s) => s ?? Date.now()), minutes * 60_000);
    return () => window.clearInterval(t);
  }, [playing, minutes]);

  if (shownAt === null) return null;
  const played = Math.max(1, Math.round((shownAt - started.current) / 60_000));
  return (
    <div className="gp-tip" role="alertdialog" aria-label="游戏时长提醒" data-testid="reality-check">
      <p className="gp-tip-title">游戏时长提醒</p>
      <p className="gp-tip-text">您本次已游戏 {played} 分钟。请合理安排时间，理性娱乐。可在「我的 - 自我管理」中修改提醒间隔或设置限额。</p>
      <div className="gp-tip-actions">
        <button type="button" className="gp-tip-close" onClick={onLeave} data-testid="reality-leave">离开</button>
        <button type="button" className="btn-gold gp-tip-reload" onClick={() => setShownAt(null)} data-testid="reality-continue">继续</button>
      </div>
    </div>
  );
}
