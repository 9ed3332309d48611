import { useEffect, useRef, useState } from 'react';
import { RealityCheck } from './RealityCheck';
import { formatYuan, type GameUrlReply } from '@casino/contract';
import { useNavigate, useSearchParams } from 'react-router';
import { MSG, TIMERS, WALLET_MSG } from '@casino/contract';
import { apiGet, apiPost, type ApiResult } from '../../api/client';
import { useSession } from '../../session/store';
import { loadAppInfo, refreshUserMoney } from '../../session/actions';
import { useBack } from '../../lib/nav';
import { toast } from '../../ui/feedback';
import { useAfterMoneyMoved } from '../../hooks/api/wallet';
import { IconReload } from '../../money/icons';
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

async function fetchUrl(target: Target): Promise<ApiResult<GameUrlReply>> {
  switch (target.kind) {
    case 'agent':
      return apiGet<GameUrlReply>('/api/getAgentLoginUrl');
    case 'service':
      return apiPost<GameUrlReply>('/api/getservicerurl', {});
    case 'app': {
      const info = useSession.getState().appInfo ?? (await loadAppInfo());
      const url = info?.ios_download_url ?? '';
      return { code: 200, message: '', data: { url } };
    }
    case 'direct':
      return { code: 200, message: '', data: { url: target.url } };
    case 'game':
      return apiPost<GameUrlReply>('/api/getGameUrl', {
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
 * issue 20: getAgentLoginUrl answers an agent the portal inside this site (…/#/agent): that
 * opens as the site's own route rather than the whole site framed inside itself. Null for any
 * other address.
 */
export function ownRoute(raw: string): string | null {
  try {
    const u = new URL(raw.trim(), window.location.href);
    if (u.host !== window.location.host || u.pathname !== window.location.pathname || !u.hash.startsWith('#/')) return null;
    return u.hash.slice(1);
  } catch {
    return null;
  }
}

/**
 * What 自动免转 did before the game opened, in words: the member sees where the central balance
 * went instead of finding ¥0.00 in the header later.
 */
export function autoTransferText(moved: NonNullable<GameUrlReply['auto_transfer']>): string {
  // word joiners between the characters: a narrow toast must not break the amount in two
  const amount = Array.from(`¥${formatYuan(moved.amount, true)}`).join('\u2060');
  return moved.status === 1
    ? `已自动转入 ${moved.name} ${amount}，返回后可一键回收`
    : `${amount} 正在转入 ${moved.name}，请稍候`;
}

/**
 * The way out of a game: a slim bar above the frame (its own safe area), so the 返回 button
 * never sits over the game's own controls at any width.
 */
function GameBar({ name, onBack }: { name: string; onBack(): void }) {
  return (
    <div className="gp-bar" data-testid="game-bar">
      <button type="button" className="gp-back" aria-label="返回" data-testid="game-back" onClick={onBack}>
        <IconBack size={16} strokeWidth={2.4} />
        <span>返回</span>
      </button>
      <span className="gp-name">{name || '游戏'}</span>
    </div>
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
  const navigate = useNavigate();
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
      const inApp = target.kind === 'agent' ? ownRoute(res.data.url) : null;
      if (inApp) {
        void navigate(inApp, { replace: true });
        return;
      }
      if (target.kind === 'app' && PACKAGE.test(res.data.url.trim())) {
        downloadInHiddenFrame(res.data.url.trim());
        toast('正在为您下载，请稍候…', 'success');
        back();
        return;
      }
      if (target.kind === 'game') {
        playedGame.current = true;
        const moved = res.data.auto_transfer;
        if (moved && moved.amount > 0) {
          toast(autoTransferText(moved), 'success');
          // the header's central and game-wallet figures follow at once
          void refreshUserMoney();
        }
      }
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
      <GameBar name={name} onBack={back} />
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


      {/* issue 22: every N minutes of play, how long the member has played */}
      <RealityCheck playing={Boolean(url) && playedGame.current} onLeave={back} />

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
