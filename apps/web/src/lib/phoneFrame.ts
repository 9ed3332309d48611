// Loaded only on desktop browsers (lib/desktop.ts decides): phones never download it.

/**
 * The desktop page: the same URL in a centred 414 px phone-shaped frame. Plain DOM,
 * so the desktop page does not run the app twice. The frame's hash is mirrored into
 * the address bar so a reload keeps the member where they were.
 */
export function mountPhoneFrame(root: HTMLElement): void {
  document.documentElement.classList.add('desktop-host');
  const style = document.createElement('style');
  style.textContent = `
    html.desktop-host, html.desktop-host body { height: 100%; margin: 0; overflow: hidden; }
    html.desktop-host body {
      background: radial-gradient(1200px 700px at 50% -10%, #2a3b72 0%, #141f43 45%, #0b1229 100%);
    }
    .phone-stage { height: 100%; display: flex; align-items: center; justify-content: center; padding: 24px; box-sizing: border-box; }
    .phone-device {
      position: relative; width: 414px; height: min(860px, calc(100vh - 48px));
      border-radius: 44px; padding: 12px; box-sizing: content-box;
      background: linear-gradient(145deg, #2b3557, #0c1225);
      box-shadow: 0 0 0 1px rgba(230,192,116,.35), 0 30px 80px rgba(0,0,0,.55), inset 0 0 0 2px rgba(255,255,255,.06);
    }
    .phone-device iframe { display: block; width: 414px; height: 100%; border: 0; border-radius: 34px; background: #f2f3f7; }
  `;
  document.head.appendChild(style);
  root.innerHTML = '';
  const stage = document.createElement('div');
  stage.className = 'phone-stage';
  const device = document.createElement('div');
  device.className = 'phone-device';
  const frame = document.createElement('iframe');
  frame.title = document.title;
  frame.src = window.location.href;
  frame.setAttribute('data-testid', 'phone-frame');
  device.appendChild(frame);
  stage.appendChild(device);
  root.appendChild(stage);

  frame.addEventListener('load', () => {
    try {
      const win = frame.contentWindow;
      if (!win) return;
      const sync = () => {
        const { hash } = win.location;
        if (hash !== window.location.hash) window.history.replaceState(null, '', hash || '#/');
        document.title = win.document.title;
      };
      sync();
      win.addEventListener('hashchange', sync);
      new MutationObserver(sync).observe(win.document.querySelector('title') ?? win.document.head, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    } catch {
      /* not same-origin: nothing to mirror */
    }
  });
}
