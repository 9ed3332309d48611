import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { GameTile as Tile } from '@casino/contract';
import { apiPost, failureText } from '../../api/client';
import { GameListFailure } from '../../hooks/api/games';
import { GameGridSkeleton, GameTile } from '../../components/GameTile';
import { EmptyState, LoadFailed } from '../../components/EmptyState';
import { toast } from '../../ui/feedback';
import { BreakBannerSlot } from '../../components/BreakBannerSlot';
import './ConcisePage.css';

/** The electronic-game providers of /concise (spec section 2), in tab order. */
export const CONCISE_TABS = [
  { code: 'obgdy', label: 'OB电子' },
  { code: 'fgdz', label: 'FG电子' },
  { code: 'pp', label: 'PP电子' },
  { code: 'ae', label: 'AE电子' },
] as const;
type Code = (typeof CONCISE_TABS)[number]['code'];

const isCode = (v: string | null): v is Code => CONCISE_TABS.some((t) => t.code === v);

/** POST /api/gamelistBycode {gamecode}: the provider's tiles; a refusal toasts its message. */
async function fetchTiles(gamecode: Code): Promise<Tile[]> {
  const res = await apiPost<Tile[]>('/api/gamelistBycode', { gamecode });
  if (res.code !== 200 || !Array.isArray(res.data)) {
    const text = failureText(res);
    if (text) toast(text, 'fail');
    throw new GameListFailure(res);
  }
  return res.data;
}

/**
 * 电子游戏: one tab per provider; the `type` query picks the tab (and follows it, so the back
 * button and a shared link land on the same tab). Each tab loads once; tiles open the game.
 */
export default function ConcisePage() {
  const [params, setParams] = useSearchParams();
  const fromQuery = params.get('type');
  const active: Code = isCode(fromQuery) ? fromQuery : CONCISE_TABS[0].code;
  const [visited, setVisited] = useState<Set<Code>>(() => new Set([active]));

  useEffect(() => {
    setVisited((v) => (v.has(active) ? v : new Set(v).add(active)));
  }, [active]);

  return (
    <div className="concise" data-testid="concise-page">
      <BreakBannerSlot />
      <div className="concise-tabs" role="tablist">
        {CONCISE_TABS.map((t) => (
          <button
            key={t.code}
            type="button"
            role="tab"
            aria-selected={t.code === active}
            className={t.code === active ? 'concise-tab concise-tab--on' : 'concise-tab'}
            data-testid={`concise-tab-${t.code}`}
            onClick={() => {
              if (t.code !== active) setParams({ type: t.code }, { replace: true });
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div className="page-body">
        {CONCISE_TABS.map((t) => (
          <Panel key={t.code} code={t.code} label={t.label} active={t.code === active} enabled={visited.has(t.code) || t.code === active} />
        ))}
      </div>
    </div>
  );
}

function Panel({ code, label, active, enabled }: { code: Code; label: string; active: boolean; enabled: boolean }) {
  const q = useQuery({ queryKey: ['gamelistBycode', code], queryFn: () => fetchTiles(code), enabled, staleTime: Infinity, gcTime: Infinity, retry: false });
  return (
    <div role="tabpanel" hidden={!active} data-testid={`concise-panel-${code}`} className="concise-panel">
      {q.data ? (
        q.data.length ? (
          <div className="ggrid concise-grid">
            {q.data.map((g) => (
              <GameTile key={g.gamecode} game={{ platform: g.catecode, code: g.gamecode, name: g.gamename, img: g.gamepic }} testId="concise-tile" />
            ))}
          </div>
        ) : (
          <EmptyState title="暂无游戏" text={`${label}暂未上架游戏`} />
        )
      ) : q.isError ? (
        <LoadFailed onRetry={() => void q.refetch()} />
      ) : (
        <div className="concise-grid-wrap">
          <GameGridSkeleton count={9} />
        </div>
      )}
    </div>
  );
}
