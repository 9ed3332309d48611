import { useEffect, useRef, useState } from 'react';
import QRCode from 'qrcode';
import { TIMERS } from '@casino/contract';
import { useSession } from '../../session/store';
import { loadAppInfo } from '../../session/actions';
import { useGo } from '../../lib/nav';
import { Logo } from '../../components/Logo';
import { SLIDES } from './slides';
import './AppDownloadPage.css';

const IMAGE = /^data:image\/|\.(png|jpe?g|gif|webp|svg)(\?.*)?$/i;

/** The QR code of appInfo.ios_download_qrcode: a picture as is, anything else (a URL) encoded. */
function DownloadQr({ value }: { value: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  const isImage = IMAGE.test(value);

  useEffect(() => {
    if (isImage || !value || !canvas.current) return;
    setFailed(false);
    // a path on our own site (the default /download/) is encoded as a full address
    const text = /^[a-z][a-z\d+.-]*:/i.test(value) ? value : new URL(value, window.location.href).toString();
    QRCode.toCanvas(canvas.current, text, { width: 156, margin: 1, errorCorrectionLevel: 'H', color: { dark: '#101a36', light: '#ffffff' } }).catch(() => setFailed(true));
  }, [value, isImage]);

  if (!value || failed) {
    return (
      <div className="app-qr app-qr--none" data-testid="app-qr-none">
        下载二维码暂未开放
      </div>
    );
  }
  return (
    <div className="app-qr" data-testid="app-qr">
      {isImage ? <img src={value} alt="APP下载二维码" width={156} height={156} /> : <canvas ref={canvas} width={156} height={156} aria-label="APP下载二维码" role="img" />}
      <span className="app-qr-logo">
        <Logo size={30} />
      </span>
    </div>
  );
}

/** Feature slides with autoplay (banner timer of spec section 9) and dots; swipeable (scroll snap). */
function Slides() {
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const paused = useRef(false);

  useEffect(() => {
    const t = window.setInterval(() => {
      const el = track.current;
      if (!el || paused.current) return;
      const next = (Math.round(el.scrollLeft / el.clientWidth) + 1) % SLIDES.length;
      el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' });
    }, TIMERS.bannerAutoplayMs);
    return () => window.clearInterval(t);
  }, []);

  return (
    <div className="app-slides" data-testid="app-slides">
      <div
        className="app-track"
        ref={track}
        onScroll={(e) => setIndex(Math.round(e.currentTarget.scrollLeft / e.currentTarget.clientWidth))}
        onPointerDown={() => (paused.current = true)}
        onPointerUp={() => (paused.current = false)}
        onTouchStart={() => (paused.current = true)}
        onTouchEnd={() => (paused.current = false)}
      >
        {SLIDES.map((s) => (
          <figure key={s.title} className="app-slide">
            <span className="app-slide-art" aria-hidden="true">
              {s.art}
            </span>
            <figcaption>
              <strong>{s.title}</strong>
              <span>{s.text}</span>
            </figcaption>
          </figure>
        ))}
      </div>
      <div className="app-dots" aria-hidden="true">
        {SLIDES.map((s, i) => (
          <i key={s.title} className={i === index ? 'on' : ''} />
        ))}
      </div>
    </div>
  );
}

/** APP下载: title, slides, the download QR code and a download button (/gamePage?app=1). */
export default function AppDownloadPage() {
  const appInfo = useSession((s) => s.appInfo);
  const go = useGo();
  useEffect(() => {
    void loadAppInfo();
  }, []);
  const title = appInfo?.title ?? '';
  const qr = (appInfo?.ios_download_qrcode || appInfo?.ios_download_url || '').trim();

  return (
    <div className="page-body app" data-testid="app-download">
      <header className="app-hero">
        <Logo size={52} />
        <div>
          <h1 className="app-title" data-testid="app-title">
            {title ? `${title} APP` : 'APP 下载'}
          </h1>
          <p className="app-sub">更快 · 更稳 · 更安全的掌上娱乐</p>
        </div>
      </header>
      <Slides />
      <section className="card app-download">
        {appInfo ? <DownloadQr value={qr} /> : <span className="sk app-qr-sk" data-testid="app-qr-loading" />}
        <div className="app-download-text">
          <p className="app-download-title">扫码下载</p>
          <p className="app-download-desc">使用手机相机或浏览器扫描二维码，即可下载安装官方APP。</p>
          <button type="button" className="btn-gold app-btn" onClick={() => go('/gamePage?app=1')} data-testid="app-download-btn">
            立即下载
          </button>
        </div>
      </section>
      <section className="card app-notes">
        <p className="app-notes-title">安装说明</p>
        <ol>
          <li>iPhone：用 Safari 打开后点“分享”→“添加到主屏幕”，即可像 APP 一样一键打开。</li>
          <li>安卓：用浏览器菜单中的“添加到主屏幕”或“安装应用”。</li>
          <li>如下载的是安装包：iOS 提示“未受信任的企业级开发者”时，请前往 设置 → 通用 → VPN与设备管理 中信任；安卓提示“未知来源”时请在系统设置中允许安装。</li>
          <li>请只通过本页面下载官方APP，谨防仿冒应用。</li>
        </ol>
      </section>
    </div>
  );
}
