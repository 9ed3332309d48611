import { MOBILE_BREAKPOINT_PX } from '@casino/contract';

/**
 * Spec section 1: on desktop browsers the app re-opens itself inside a narrow
 * phone-shaped frame; crossing the 768 px breakpoint reloads the page.
 */
const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|HarmonyOS|Windows Phone|BlackBerry|Opera Mini|IEMobile|MicroMessenger|MQQBrowser/i;

export function isMobileUserAgent(ua = navigator.userAgent): boolean {
  if (MOBILE_UA.test(ua)) return true;
  // iPadOS reports a desktop Safari UA
  return /Macintosh/.test(ua) && navigator.maxTouchPoints > 1;
}

export function isInFrame(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true; // cross-origin parent
  }
}

const isWide = () => window.innerWidth >= MOBILE_BREAKPOINT_PX;

export function shouldOpenInPhoneFrame(): boolean {
  return !isInFrame() && isWide() && !isMobileUserAgent();
}

export function reloadOnBreakpointChange(): void {
  const wide = isWide();
  let pending = 0;
  window.addEventListener('resize', () => {
    window.clearTimeout(pending);
    pending = window.setTimeout(() => {
      if (isWide() !== wide) window.location.reload();
    }, 150);
  });
}
