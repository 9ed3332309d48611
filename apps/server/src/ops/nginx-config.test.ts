import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SAMPLE = path.resolve(import.meta.dirname, '../../../../docs/deploy/nginx.conf');
const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));

/**
 * The README's sample nginx front (docs/deploy/nginx.conf) is what an operator copies: it must
 * pass `nginx -t` as written. Only the certificate and log paths move into a scratch folder
 * (with a throw-away self-signed certificate), so the check needs no root-owned files.
 */
describe('sample nginx configuration', () => {
  it.skipIf(!nginx)('passes nginx -t', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-sample-'));
    try {
      execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=m.example.com', '-keyout', path.join(dir, 'privkey.pem'), '-out', path.join(dir, 'fullchain.pem')], { stdio: 'ignore' });
      const conf = fs
        .readFileSync(SAMPLE, 'utf8')
        .replaceAll('/etc/ssl/casino/', `${dir}/`)
        .replaceAll('/var/log/nginx/', `${dir}/`);
      // error_log and pid of the test run, before the sample's own directives
      fs.writeFileSync(path.join(dir, 'nginx.conf'), `error_log ${dir}/error.log;\npid ${dir}/nginx.pid;\n${conf}`);
      fs.mkdirSync(path.join(dir, 'logs'));
      const r = spawnSync(nginx!, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8' });
      expect(r.stderr).toContain('test is successful');
      expect(r.status).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
