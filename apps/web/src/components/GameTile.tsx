import { useCallback } from 'react';
import { MSG } from '@casino/contract';
import { useSession } from '../session/store';
import { useGo } from '../lib/nav';
import { toast } from '../ui/feedback';
import { gamePath } from '../hooks/api/games';
import { LazyImg } from './LazyImg';
import './GameTile.css';

/** Opening a game: guests are told 请登录！ (spec section 4); members go to /gamePage. */
export function useOpenGame() {
  const go = useGo();
  return useCallback(
    (platform: string, code: string, name: string) => {
      if (!useSession.getState().token) {
        toast(MSG.notLoggedIn);
        return;
      }
      go(gamePath(platform, code, name));
    },
    [go],
  );
}

export interface TileGame {
  platform: string;
  code: string;
  name: string;
  img: string;
}

/** A game tile: square art (lazy, fixed size while loading), the name, optional corner badge. */
export function GameTile({ game, badge, testId = 'game-tile' }: { game: TileGame; badge?: { text: string; tone?: 'red' | 'gold' }; testId?: string }) {
  const open = useOpenGame();
  return (
    <button
      type="button"
      className="gtile"
      onClick={() => open(game.platform, game.code, game.name)}
      data-testid={testId}
      data-platform={game.platform}
      data-code={game.code}
    >
      <span className="gtile-art">
        <LazyImg src={game.img} alt={game.name} className="gtile-img" />
        {badge ? <span className={badge.tone === 'gold' ? 'gtile-badge gtile-badge--gold' : 'gtile-badge'}>{badge.text}</span> : null}
      </span>
      <span className="gtile-name">{game.name}</span>
    </button>
  );
}

/** Skeleton tiles while a list loads (same box as real tiles). */
export function GameGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div className="ggrid" aria-busy="true" aria-label="加载中" data-testid="games-loading">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="gtile gtile--sk">
          <span className="gtile-art">
            <span className="limg sk gtile-img" />
          </span>
          <span className="sk gtile-name-sk" />
        </div>
      ))}
    </div>
  );
}
