import type { ReactNode } from 'react';
import './BottomDock.css';

/**
 * The strip resting on the tab bar that holds the main layout's floating controls (the
 * 热门游戏 handle, the home page's red packet). It is part of the bottom chrome: the layout
 * reserves its height below the content, so these controls never sit over a page's buttons
 * and the end of every page (退出登录, the home footer) scrolls clear of them at any width.
 */
export function BottomDock({ children }: { children: ReactNode }) {
  return (
    <div className="dock" data-testid="bottom-dock">
      {children}
    </div>
  );
}
