import { ARTICLE_TITLES, ARTICLE_TYPES, type AdminSponsorRow } from '@casino/contract';
import { toWireTime } from '../../lib/time.ts';
import { plainText, sanitizeHtml } from './sanitize.ts';
import type { Sponsor } from './sponsors.ts';

/*
 * Content rows as stored and as read back, shared by the member-facing service (which seeds and
 * serves them) and the back-office's desk (which edits them): kept apart from both so neither
 * imports the other.
 */

export interface ArticleInput {
  type: number;
  title?: string;
  /** HTML; cleaned before it is stored */
  content: string;
}

/** An article as stored: title as plain text, HTML cleaned with the allowlist (the seed and the back-office both go through here). */
export function articleRow(input: ArticleInput, now: number) {
  if (!(ARTICLE_TYPES as readonly number[]).includes(input.type)) throw new Error(`unknown article type ${input.type}`);
  const title = plainText(input.title ?? ARTICLE_TITLES[input.type]).slice(0, 100);
  return { type: input.type, title, content: sanitizeHtml(input.content), updated_at: now };
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** a stored sponsor row as the page and the back-office see it */
export function sponsorOf(r: { type: number; name: string; slogan: string; logo: string; since: string; lead: string; facts: string; sections: string; sort: number; state: number; updated_at: number }): AdminSponsorRow {
  return {
    type: Number(r.type) === 2 ? 2 : 1,
    name: r.name,
    slogan: r.slogan,
    logo: r.logo,
    since: r.since,
    lead: r.lead,
    facts: parseJson<[string, string][]>(r.facts, []),
    sections: parseJson<{ title: string; paragraphs: string[] }[]>(r.sections, []),
    sort: Number(r.sort),
    state: Number(r.state) ? 1 : 0,
    updated_at: toWireTime(Number(r.updated_at)),
  };
}

/** the seeded partners (modules/content/sponsors.ts) as rows, inserted only when missing */
export function sponsorSeedRows(list: Sponsor[], now: number) {
  return list.map((s, i) => ({
    type: s.type,
    name: s.name,
    slogan: s.slogan,
    logo: s.logo,
    since: s.since,
    lead: s.lead,
    facts: JSON.stringify(s.facts),
    sections: JSON.stringify(s.sections),
    sort: i + 1,
    state: 1,
    updated_at: now,
  }));
}
