import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { makePrivateDir } from './lib/private-files.ts';

/**
 * A secret from its setting, else from DATA_DIR/<fileName>, else made there on first start
 * (32 random bytes as 64 hex digits, owner-only access), so that no usable default secret
 * exists in the code, the README or the logs (issue 14). The value is never logged.
 */
export function secretFromEnvOrFile(envValue: string | undefined, dataDir: string, fileName: string): string {
  if (envValue !== undefined && envValue !== '') return envValue;
  const file = path.join(dataDir, fileName);
  makePrivateDir(dataDir); // issue 33: 0700, whatever the umask
  try {
    // 'wx': a second process starting at the same moment keeps the first one's secret
    fs.writeFileSync(file, crypto.randomBytes(32).toString('hex') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  const text = fs.readFileSync(file, 'utf8').trim();
  // an empty file (a crash between create and write, or a hand edit) must not become an empty secret
  if (text === '') throw new Error(`${file} is empty: delete it to have a new secret made, or set the secret's setting`);
  return text;
}
