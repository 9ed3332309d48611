import { useEffect, useRef, useState } from 'react';
import { formatYuan } from '@casino/contract';
import { useResponsible, useSessionResult } from '../../hooks/api/responsible';

/**
 * The reality check (issue 22): every N minutes of play (the member's own interval, or the
 * site's default) a dialog says how long the member has played and the session's net result
 * (the settled bets placed since the game opened, as the venues' bet feed has brought them in);
 * 继续 plays on, 离开 leaves.
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

  const session = useSessionResult(started.current, shownAt);
  if (shownAt === null) return null;
  const played = Math.max(1, Math.round((shownAt - started.current) / 60_000));
  const net = session.data?.net_result;
  return (
    <div className="gp-tip" role="alertdialog" aria-label="游戏时长提醒" data-testid="reality-check">
      <p className="gp-tip-title">游戏时长提醒</p>
      <p className="gp-tip-text">您本次已游戏 {played} 分钟。请合理安排时间，理性娱乐。可在「会员中心 - 自我管理」中修改提醒间隔或设置限额。</p>
      <p className="gp-tip-text" data-testid="reality-net">
        本次输赢：
        {session.isPending ? (
          '统计中…'
        ) : net === undefined ? (
          '暂时无法统计'
        ) : (
          <strong className={net < 0 ? 'gp-tip-loss' : 'gp-tip-win'}>
            {net > 0 ? '+' : ''}
            {formatYuan(net)}元
          </strong>
        )}
        {net !== undefined ? `（已结算 ${session.data?.bet_count ?? 0} 笔，注单约有几分钟延迟）` : ''}
      </p>
      <div className="gp-tip-actions">
        <button type="button" className="gp-tip-close" onClick={onLeave} data-testid="reality-leave">离开</button>
        <button type="button" className="btn-gold gp-tip-reload" onClick={() => setShownAt(null)} data-testid="reality-continue">继续</button>
      </div>
    </div>
  );
}
