import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  cachedTab,
  DEFAULT_TAB,
  fetchTab,
  HOME_TABS,
  type HomeTab,
  type TabSection,
  type TabValue,
} from '../../hooks/api/games';
import { GameGridSkeleton, GameTile } from '../../components/GameTile';
import { AppLink } from '../../lib/nav';
import { IconChevronRight, IconRefresh } from '../../components/icons';
import { CATEGORY_ICONS } from './categoryIcons';

/*
 * Category tabs of the home (spec sections 2 and 4): 6 hot (default), 4 slots, 0 live,
 * 2 fishing, 3 card, 5 lottery, 1 sports. A tab loads its list the first time it is chosen and
 * never again during the visit (TanStack Query keeps it); until then its panel holds a prompt.
 * Which tabs were opened, and the last one, are kept for the visit so coming back to the home
 * page shows the same tab without asking again.
 */
const opened = new Set<TabValue>([DEFAULT_TAB]);
let lastTab: TabValue = DEFAULT_TAB;

export function GameTabs() {
  const [active, setActive] = useState<TabValue>(lastTab);
  const select = (value: TabValue) => {
    opened.add(value);
    lastTab = value;
    setActive(value);
  };
  return (
    <section className="gcat card" aria-label="游戏分类" data-testid="home-games">
      <div className="gcat-head">
        <h2 className="gcat-h">游戏大厅</h2>
        <AppLink to="/search" className="gcat-search" data-testid="home-search">
          <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" aria-hidden="true">
            <circle cx="11" cy="11" r="6.5" />
            <path d="m16 16 4 4" />
          </svg>
          搜索游戏
        </AppLink>
      </div>
      <div className="gcat-tabs" role="tablist">
        {HOME_TABS.map((t) => {
          const Icon = CATEGORY_ICONS[t.value];
          const on = t.value === active;
          return (
            <button
              key={t.value}
              type="button"
              role="tab"
              aria-selected={on}
              className={on ? 'gcat-tab gcat-tab--on' : 'gcat-tab'}
              data-testid={`home-tab-${t.value}`}
              onClick={() => select(t.value)}
            >
              <span className="gcat-tab-icon">
                <Icon size={22} />
              </span>
              <span className="gcat-tab-label">{t.label}</span>
            </button>
          );
        })}
      </div>
      {HOME_TABS.map((t) => (
        <TabPanel key={t.value} tab={t} active={t.value === active} opened={opened.has(t.value)} />
      ))}
    </section>
  );
}

function TabPanel({ tab, active, opened }: { tab: HomeTab; active: boolean; opened: boolean }) {
  const q = useQuery({
    queryKey: ['homeGames', tab.value],
    queryFn: () => fetchTab(tab.value),
    enabled: opened,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    placeholderData: () => cachedTab(tab.value) ?? undefined,
  });
  // a failed refresh keeps showing what the cache had
  const sections: TabSection[] | null | undefined = q.data ?? (q.isError ? cachedTab(tab.value) : undefined);
  const state = !opened ? 'idle' : sections ? 'ready' : q.isError ? 'error' : 'loading';

  return (
    <div role="tabpanel" hidden={!active} className="gcat-panel" data-testid={`home-panel-${tab.value}`} data-state={state}>
      {state === 'idle' ? (
        <Prompt label={tab.label} />
      ) : state === 'loading' ? (
        <GameGridSkeleton count={6} />
      ) : state === 'error' ? (
        <div className="gcat-msg" data-testid="home-panel-error">
          <p>游戏列表加载失败</p>
          <button type="button" className="btn-ghost-gold gcat-retry" onClick={() => void q.refetch()}>
            <IconRefresh size={14} />
            重新加载
          </button>
        </div>
      ) : (
        <Sections tab={tab.value} sections={sections ?? []} />
      )}
    </div>
  );
}

function Prompt({ label }: { label: string }) {
  return (
    <div className="gcat-msg" data-testid="home-panel-placeholder">
      <p>点击「{label}」加载游戏列表</p>
    </div>
  );
}

function Sections({ tab, sections }: { tab: TabValue; sections: TabSection[] }) {
  const count = sections.reduce((n, s) => n + s.games.length, 0);
  if (!count) {
    return (
      <div className="gcat-msg" data-testid="home-panel-empty">
        <p>该分类暂无游戏，敬请期待</p>
      </div>
    );
  }
  return (
    <>
      {tab === 4 && (
        <AppLink to="/concise" className="gcat-more" data-testid="home-concise-more">
          <span>各平台精选 · 全部电子游戏</span>
          <IconChevronRight size={14} />
        </AppLink>
      )}
      {sections.map((s) =>
        s.games.length ? (
          <div key={s.key} className="gcat-section">
            {s.title ? <h3 className="gcat-title">{s.title}</h3> : null}
            <div className="ggrid">
              {s.games.map((g) => (
                <GameTile
                  key={`${g.platform_name}/${g.game_code}`}
                  game={{ platform: g.platform_name, code: g.game_code, name: g.name, img: g.mobile_img || g.api_logo_img }}
                />
              ))}
            </div>
          </div>
        ) : null,
      )}
    </>
  );
}
