import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { MSG, TIMERS, WALLET_MSG, type UrlReply } from '@casino/contract';
import { apiGet, apiPost, type ApiResult } from '../../api/client';
import { useSession } from '../../session/store';
import { loadAppInfo } from '../../session/actions';
import { useBack } from '../../lib/nav';
import { toast } from '../../ui/feedback';
import { useAfterMoneyMoved } from '../../wallet/api';
import { IconReload } from '../../wallet/icons';
import { IconBack } from '../../components/icons';
import { Logo } from '../../components/Logo';
import './GamePage.css';

/**
 * What the query asks the frame to show (spec section 2, Game page):
 * - app=1: appInfo.ios_download_url (the app download);
 * - dailiD=1: GET /api/getAgentLoginUrl; dailiD=2: POST /api/getservicerurl;
 * - direct=<http(s) URL>: that page as is (the spec names the parameter and nothing more;
 *   we read it as a direct link, e.g. a partner page);
 * - otherwise a game: POST /api/getGameUrl {plat_name: type, game_type (query game_type,
 *   default 0), game_code: code, is_mobile_url: 1}; members only.
 * `name` is the display name.
 */
type Target =
  | { kind: 'game'; plat: string; code: string; gameType: number }
  | { kind: 'agent' }
  | { kind: 'service' }
  | { kind: 'app' }
  | { kind: 'direct'; url: string };

function readTarget(q: URLSearchParams): Target {
  if (q.get('app') === '1') return { kind: 'app' };
  if (q.get('dailiD') === '1') return { kind: 'agent' };
  if (q.get('dailiD') === '2') return { kind: 'service' };
  const direct = q.get('direct') ?? '';
  if (/^(https?:)?\/\//i.test(direct)) return { kind: 'direct', url: direct };
  const gameType = Number(q.get('game_type') ?? 0);
  return {
    kind: 'game',
    plat: (q.get('type') ?? '').trim(),
    code: (q.get('code') ?? '').trim(),
    gameType: Number.isInteger(gameType) && gameType >= 0 ? gameType : 0,
  };
}

async function fetchUrl(target: Target): Promise<ApiResult<UrlReply>> {
  switch (target.kind) {
    case 'agent':
      return apiGet<UrlReply>('/api/getAgentLoginUrl');
    case 'service':
      return apiPost<UrlReply>('/api/getservicerurl', {});
    case 'app': {
      const info = useSession.getState().appInfo ?? (await loadAppInfo());
      const url = info?.ios_download_url ?? '';
      return { code: 200, message: '', data: { url } };
    }
    case 'direct':
      return { code: 200, message: '', data: { url: target.url } };
    case 'game':
      return apiPost<UrlReply>('/api/getGameUrl', {
        plat_name: target.plat,
        game_type: target.gameType,
        game_code: target.code,
        is_mobile_url: 1,
      });
  }
}

/**
 * Spec section 9: links are forced to https (the server already answers game URLs with the
 * right scheme, including the one http-only provider, so those are left as they are). A
 * link on this site's own host keeps the page's scheme.
 */
function linkUrl(raw: string): string {
  const url = raw.trim();
  if (url.startsWith('//')) return `https:${url}`;
  try {
    const u = new URL(url, window.location.href);
    if (u.protocol === 'http:' && u.host !== window.location.host) u.protocol = 'https:';
    return u.toString();
  } catch {
    return url;
  }
}

/**
 * The way out of a game: a small tab on the left edge, over the frame. A game may draw its
 * own controls anywhere, so the tab can be dragged up and down out of their way; a tap
 * (no drag) goes back.
 */
function BackHandle({ onBack }: { onBack(): void }) {
  const [top, setTop] = useState<number | null>(null);
  const drag = useRef<{ y: number; top: number; moved: boolean } | null>(null);
  const moved = useRef(false);

  return (
    <button
      type="button"
      className="gp-back"
      aria-label="返回"
      data-testid="game-back"
      style={top === null ? undefined : { top }}
      onPointerDown={(e) => {
        moved.current = false;
        drag.current = { y: e.clientY, top: e.currentTarget.offsetTop, moved: false };
        e.currentTarget.setPointerCapture?.(e.pointerId);
      }}
      onPointerMove={(e) => {
        const d = drag.current;
        if (!d) return;
        const dy = e.clientY - d.y;
        if (!d.moved && Math.abs(dy) < 6) return;
        d.moved = moved.current = true;
        const max = (e.currentTarget.parentElement?.clientHeight ?? window.innerHeight) - e.currentTarget.offsetHeight - 8;
        setTop(Math.min(Math.max(8, d.top + dy), max));
      }}
      onPointerUp={() => {
        drag.current = null;
      }}
      onPointerCancel={() => {
        drag.current = null;
      }}
      onClick={() => {
        if (!moved.current) onBack();
      }}
    >
      <IconBack size={18} strokeWidth={2.4} />
      <span>返回</span>
    </button>
  );
}

/** An installable package (not a page): fetched by a hidden frame instead of shown. */
const PACKAGE = /^itms-services:|\.(ipa|apk|mobileconfig)(\?|#|$)/i;

/**
 * Spec section 4: the app download runs in a hidden frame that is removed after 2000 ms (the
 * browser has taken the download, or the install prompt, by then).
 */
function downloadInHiddenFrame(url: string) {
  const frame = document.createElement('iframe');
  frame.style.display = 'none';
  frame.src = url;
  document.body.appendChild(frame);
  window.setTimeout(() => frame.remove(), TIMERS.appFrameRemoveMs);
}

const inMessagingApp = () => /Telegram|MicroMessenger/i.test(navigator.userAgent);

export default function GamePage() {
  const [params] = useSearchParams();
  const back = useBack();
  const afterMoneyMoved = useAfterMoneyMoved();
  const name = params.get('name')?.trim() || '';
  const query = params.toString();

  const [url, setUrl] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const [tip, setTip] = useState(false);
  const loadedRef = useRef(false);
  const playedGame = useRef(false);

  // ask for the URL once per query
  useEffect(() => {
    const target = readTarget(new URLSearchParams(query));
    let live = true;
    setUrl(null);
    setLoaded(false);
    loadedRef.current = false;

    if (target.kind === 'game' && !useSession.getState().token) {
      toast(MSG.notLoggedIn);
      back();
      return;
    }
    void fetchUrl(target).then((res) => {
      if (!live) return;
      if (res.code === 401) return; // the client's 认证失败 flow takes over
      const found = res.code === 200 && typeof res.data?.url === 'string' && res.data.url.trim() !== '';
      if (!found) {
        // server refusal: its message; no answer at all (or no link): 获取游戏链接失败
        toast((!res.network && res.code !== 200 && res.message) || WALLET_MSG.gameUrlFailed, 'fail');
        back();
        return;
      }
      if (target.kind === 'app' && PACKAGE.test(res.data.url.trim())) {
        downloadInHiddenFrame(res.data.url.trim());
        toast('正在为您下载，请稍候…', 'success');
        back();
        return;
      }
      if (target.kind === 'game') playedGame.current = true;
      setUrl(target.kind === 'game' ? res.data.url.trim() : linkUrl(res.data.url));
    });
    return () => {
      live = false;
    };
  }, [query]);

  // leaving a game: the member's money may have moved (auto-transfer, bets)
  useEffect(
    () => () => {
      if (playedGame.current && useSession.getState().token) void afterMoneyMoved();
    },
    [afterMoneyMoved],
  );

  // in a messaging app's browser, a frame that has not loaded after 3 s gets a tip
  useEffect(() => {
    if (!url || !inMessagingApp()) return;
    const t = window.setTimeout(() => {
      if (!loadedRef.current) setTip(true);
    }, TIMERS.frameCheckMs);
    return () => window.clearTimeout(t);
  }, [url, reloadKey]);

  const reload = () => {
    setTip(false);
    setLoaded(false);
    loadedRef.current = false;
    setReloadKey((k) => k + 1);
  };

  return (
    <div className="gp" data-testid="game-page">
      {url ? (
        <iframe
          key={reloadKey}
          className="gp-frame"
          src={url}
          title={name || '游戏'}
          allow="autoplay; fullscreen; clipboard-write; encrypted-media"
          allowFullScreen
          data-testid="game-frame"
          onLoad={() => {
            loadedRef.current = true;
            setLoaded(true);
            setTip(false);
          }}
        />
      ) : null}

      {!(url && loaded) && (
        <div className="gp-loading" data-testid="game-loading" aria-busy="true" aria-live="polite">
          <div className="gp-loading-mark">
            <span className="gp-loading-ring" />
            <Logo size={54} />
          </div>
          <p className="gp-loading-title">{name ? `正在进入 ${name}` : '正在加载'}</p>
          <p className="gp-loading-sub">{url ? '游戏资源加载中，请稍候…' : '正在获取游戏链接…'}</p>
        </div>
      )}

      <BackHandle onBack={back} />

      {tip && (
        <div className="gp-tip" role="alertdialog" aria-label="加载提示" data-testid="game-frame-tip">
          <p className="gp-tip-title">游戏加载较慢？</p>
          <p className="gp-tip-text">当前浏览器可能无法正常显示游戏，可尝试重新加载，或复制链接到系统浏览器中打开。</p>
          <div className="gp-tip-actions">
            <button type="button" className="gp-tip-close" onClick={() => setTip(false)} data-testid="game-tip-close">
              关闭提示
            </button>
            <button type="button" className="btn-gold gp-tip-reload" onClick={reload} data-testid="game-tip-reload">
              <IconReload size={15} strokeWidth={2.2} />
              重新加载
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
