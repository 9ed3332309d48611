import { matchPath } from 'react-router';
import { queryClient } from '../api/query-client';
import { lazyPage, type LazyPage } from '../lib/lazy-page';
import { markScreenDrawn } from './layout/screen-first';
import { SCREENS, type Screen } from './screens';

/**
 * One code-split page per ready screen, made once: the router draws them, the menu preloads them.
 * Each says when it is drawn, for the frame that follows the first screen (layout/screen-first.ts).
 */
const drawn = () => markScreenDrawn(queryClient);
const pages = new Map<string, LazyPage>(SCREENS.filter((s) => s.ready).map((s) => [s.path, lazyPage(s.load, drawn)]));

export function screenPage(screen: Screen): LazyPage {
  return pages.get(screen.path)!;
}

/**
 * Starts downloading the screen drawn at `pathname` (inside /admin/): on the first load beside
 * the operator call (/admin/api/me) the frame waits for, instead of after it; from the menu
 * when the pointer rests on an entry, so the click finds the screen's code already there.
 */
export function preloadScreen(pathname: string) {
  const screen = SCREENS.find((s) => s.ready && matchPath({ path: s.path, end: true }, pathname));
  if (screen) pages.get(screen.path)?.preload();
}
