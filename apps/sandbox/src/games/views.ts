import fs from 'node:fs';
import type { Engine } from '../provider/catalogue.ts';

/**
 * The game pages' markup, styles and scripts live in plain files next to each game
 * (view.html) so they read as HTML/CSS/JS; they are read once and inlined into the page.
 */
const here = new URL('.', import.meta.url);
const read = (rel: string) => fs.readFileSync(new URL(rel, here), 'utf8');

const FOLDER: Record<Engine, string> = {
  slots: 'slots',
  baccarat: 'baccarat',
  niuniu: 'niuniu',
  fishing: 'fishing',
  k3: 'k3',
  football: 'matches',
  esports: 'matches',
};

let cache: { shell: string; views: Map<Engine, string> } | undefined;

export function views() {
  if (!cache) {
    cache = {
      shell: read('shell.html'),
      views: new Map((Object.keys(FOLDER) as Engine[]).map((e) => [e, read(`${FOLDER[e]}/view.html`)])),
    };
  }
  return cache;
}
