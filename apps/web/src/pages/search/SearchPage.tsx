import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { GameItem } from '@casino/contract';
import { allGames } from '../../hooks/api/games';
import { GameGridSkeleton, GameTile } from '../../components/GameTile';
import { EmptyState } from '../../components/EmptyState';
import { IconClose } from '../../components/icons';
import './SearchPage.css';

/** Case-insensitive containment of the trimmed keyword in the name; an empty keyword finds nothing. */
export function searchGames(games: GameItem[], keyword: string): GameItem[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return [];
  return games.filter((g) => String(g.name ?? '').toLowerCase().includes(k));
}

/**
 * 搜索 (spec section 2): filters the locally cached all-games list (allList; loaded once from
 * GET /api/game/list when absent). Tiles show the logo and the name and open the game by
 * platform_name and game_code.
 */
export default function SearchPage() {
  const [keyword, setKeyword] = useState('');
  const q = useQuery({ queryKey: ['allGames'], queryFn: allGames, staleTime: Infinity, gcTime: Infinity, retry: false });
  const found = useMemo(() => searchGames(q.data ?? [], keyword), [q.data, keyword]);
  const blank = keyword.trim() === '';

  return (
    <div className="search" data-testid="search-page">
      <div className="search-bar">
        <label className="search-box">
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
            <circle cx="11" cy="11" r="6.5" />
            <path d="m16 16 4 4" />
          </svg>
          <input
            type="search"
            inputMode="search"
            enterKeyHint="search"
            placeholder="请输入关键词搜索"
            value={keyword}
            maxLength={32}
            autoFocus
            onChange={(e) => setKeyword(e.target.value)}
            data-testid="search-input"
            aria-label="搜索游戏"
          />
          {keyword ? (
            <button type="button" className="search-clear" aria-label="清空" onClick={() => setKeyword('')} data-testid="search-clear">
              <IconClose size={14} strokeWidth={2.4} />
            </button>
          ) : null}
        </label>
      </div>

      <div className="page-body search-body">
        {blank ? (
          <div className="search-hint" data-testid="search-hint">
            <p>输入游戏名称，例如「百家乐」「捕鱼」「快3」</p>
          </div>
        ) : !q.data ? (
          q.isError ? (
            <EmptyState title="游戏列表加载失败" text="请稍后再试" testId="search-error" />
          ) : (
            <GameGridSkeleton count={6} />
          )
        ) : found.length ? (
          <>
            <p className="search-count" data-testid="search-count">
              找到 <b>{found.length}</b> 款相关游戏
            </p>
            <div className="ggrid search-grid" data-testid="search-results">
              {found.map((g) => (
                <GameTile
                  key={`${g.platform_name}/${g.game_code}`}
                  game={{ platform: g.platform_name, code: g.game_code, name: g.name, img: g.api_logo_img }}
                  testId="search-tile"
                />
              ))}
            </div>
          </>
        ) : (
          <EmptyState title="未找到相关游戏" text="换个关键词试试" testId="search-empty" />
        )}
      </div>
    </div>
  );
}
