import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command with inherited output; resolves with its exit code. */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: ROOT, ...opts });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export async function runOrExit(cmd, args, opts) {
  const code = await run(cmd, args, opts);
  if (code !== 0) process.exit(code);
}

export const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);

/** The system Chromium for end-to-end tests and audits, or null. */
export function findChromium() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  return candidates.find((p) => p && fs.existsSync(p)) ?? null;
}

export function webBuilt() {
  // both apps: the member site and the back-office (issue 12)
  const web = process.env.WEB_DIST || path.join(ROOT, 'apps/web/dist');
  const admin = process.env.ADMIN_DIST || path.join(ROOT, 'apps/admin/dist');
  return fs.existsSync(path.join(web, 'index.html')) && fs.existsSync(path.join(admin, 'index.html'));
}

/** Runs a command with its output (stdout and stderr, in order) held; resolves { code, output }. */
export function runCaptured(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: ROOT, ...opts });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', (err) => chunks.push(Buffer.from(`${err.message}\n`)));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString() }));
  });
}

/** the phone a guest's first screen is measured and pre-rendered on (lighthouse's first-load figure, apps/web's prerender) */
export const PHONE_CONTEXT = {
  viewport: { width: 375, height: 812 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  locale: 'zh-CN',
};
