import { isError, type Sample } from './client.ts';

/** Figures of the soak's samples: per call p50, p99 and error rate in windows around each fault. */
export interface Fault {
  name: string;
  /** ms since the load began */
  start: number;
  end: number;
}

function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function cell(xs: Sample[]): string {
  if (xs.length === 0) return '-'.padStart(26);
  const ms = xs.map((s) => s.ms).sort((a, b) => a - b);
  const err = xs.filter(isError).length;
  return `${String(pct(ms, 50)).padStart(5)}/${String(pct(ms, 99)).padStart(6)}ms ${((100 * err) / xs.length).toFixed(1).padStart(5)}% n=${String(xs.length).padEnd(4)}`;
}

const byCall = (xs: Sample[]) => {
  const m = new Map<string, Sample[]>();
  for (const s of xs) m.set(s.call, [...(m.get(s.call) ?? []), s]);
  return m;
};

export function latencyTables(all: Sample[], faults: Fault[], windowMs: number): string[] {
  const out: string[] = [];
  const calls = [...byCall(all).keys()].sort();
  out.push(`per call over the whole load: p50/p99 ms, error rate (no answer, 5xx, code >= 500), count`);
  const whole = byCall(all);
  for (const c of calls) out.push(`  ${c.padEnd(22)} ${cell(whole.get(c) ?? [])}`);
  for (const f of faults) {
    out.push('');
    out.push(`${f.name}: ${(f.start / 1000).toFixed(1)}s - ${(f.end / 1000).toFixed(1)}s; before = ${windowMs / 1000}s before it, after = ${windowMs / 1000}s after it`);
    out.push(`  ${'call'.padEnd(22)} ${'before'.padEnd(26)} | ${'during'.padEnd(26)} | ${'after'.padEnd(26)}`);
    const before = byCall(all.filter((s) => s.t >= f.start - windowMs && s.t < f.start));
    const during = byCall(all.filter((s) => s.t >= f.start && s.t < f.end));
    const after = byCall(all.filter((s) => s.t >= f.end && s.t < f.end + windowMs));
    for (const c of calls) {
      if (!before.has(c) && !during.has(c) && !after.has(c)) continue;
      out.push(`  ${c.padEnd(22)} ${cell(before.get(c) ?? [])} | ${cell(during.get(c) ?? [])} | ${cell(after.get(c) ?? [])}`);
    }
  }
  return out;
}

const CHINESE = /[\u4e00-\u9fff]/;

/**
 * What members saw during the faults (and `graceMs` after): each distinct answer other than a
 * plain success with its count; the 500s with their bodies; refusals whose message is not Chinese.
 */
export function seenDuringFaults(all: Sample[], faults: Fault[], graceMs: number): { lines: string[]; fiveHundreds: Sample[]; notChinese: Sample[] } {
  const lines: string[] = [];
  const fiveHundreds: Sample[] = [];
  const notChinese: Sample[] = [];
  for (const f of faults) {
    const xs = all.filter((s) => s.t >= f.start && s.t < f.end + graceMs);
    const seen = new Map<string, number>();
    for (const s of xs) {
      if (s.http === 200 && (s.code === 200 || s.code === undefined)) continue;
      if (s.call === 'cashier_pay' && s.http === 303) continue;
      if (s.call.startsWith('cashier') || s.call.startsWith('game_')) {
        if (s.http === 200) continue;
      }
      const what = s.http === 0 ? `no answer (${s.error})` : `HTTP ${s.http}${s.front ? ' [front]' : ''}${s.code !== undefined ? ` code ${s.code}` : ''} ${s.message ?? ''}`;
      const key = `${s.call}: ${what}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    lines.push(`${f.name} (${xs.length} calls):`);
    for (const [k, n] of [...seen].sort((a, b) => b[1] - a[1])) lines.push(`  ${String(n).padStart(5)} x ${k}`);
  }
  for (const s of all) {
    // a 503 with its message is the answer we want while a service is out; a 500 is a defect
    if (!s.front && (s.http === 500 || s.code === 500)) fiveHundreds.push(s);
    if (s.http !== 0 && !s.front && s.code !== undefined && s.code !== 200 && !CHINESE.test(s.message ?? '')) notChinese.push(s);
  }
  return { lines, fiveHundreds, notChinese };
}

/** every error of the whole run by call and kind (no answer, 5xx, code >= 500), most frequent first */
export function errorKinds(all: Sample[]): string[] {
  const seen = new Map<string, number>();
  for (const s of all.filter(isError)) {
    const key = `${s.call}: ${s.http === 0 ? `no answer (${s.error})` : `HTTP ${s.http}${s.front ? ' [front]' : ''}${s.code !== undefined ? ` code ${s.code}` : ''} ${s.message ?? ''}`}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return [...seen].sort((a, b) => b[1] - a[1]).map(([k, n]) => `  ${String(n).padStart(5)} x ${k}`);
}
