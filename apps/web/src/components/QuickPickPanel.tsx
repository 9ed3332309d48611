import { Popup } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { hotGames } from '../hooks/api/games';
import { GameGridSkeleton, GameTile } from './GameTile';
import { EmptyState } from './EmptyState';
import { IconClose } from './icons';

/** The panel of the quick-pick: hot games (cached remenList, else loaded once). */
export default function QuickPickPanel({ open, onClose }: { open: boolean; onClose(): void }) {
  const q = useQuery({ queryKey: ['hotGames'], queryFn: hotGames, staleTime: Infinity, gcTime: Infinity, retry: false, enabled: open });
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} position="bottom" bodyClassName="qp-body" destroyOnClose={false}>
      <div className="qp-panel" data-testid="quick-pick-panel">
        <div className="qp-head">
          <span className="qp-grip" aria-hidden="true" />
          <h2 className="qp-title">热门游戏</h2>
          <button type="button" className="qp-close" aria-label="关闭" onClick={onClose} data-testid="quick-pick-close">
            <IconClose size={20} />
          </button>
        </div>
        <div className="qp-list">
          {q.data ? (
            q.data.length ? (
              <div className="ggrid qp-grid">
                {q.data.map((g) => (
                  <GameTile
                    key={`${g.platform_name}/${g.game_code}`}
                    game={{ platform: g.platform_name, code: g.game_code, name: g.name, img: g.mobile_img || g.api_logo_img }}
                    testId="quick-pick-tile"
                  />
                ))}
              </div>
            ) : (
              <EmptyState title="暂无热门游戏" />
            )
          ) : q.isError ? (
            <EmptyState title="加载失败" text="请稍后再试" />
          ) : (
            <GameGridSkeleton count={8} />
          )}
        </div>
      </div>
    </Popup>
  );
}
