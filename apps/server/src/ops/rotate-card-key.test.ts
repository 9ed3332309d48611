import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.ts';
import { createCardVault } from '../modules/cards/index.ts';
import { buildServerOnce, call, newSite, PAY_PASS, startServer, type Proc, type Site } from './testing.ts';

/**
 * Issue 23 point 7: CARD_KEY rotation on a real site. File mode (card.key -> card.key.old and
 * a new card.key, re-sealed by the command while the server is stopped), then settings mode
 * (servers given CARD_KEY=new and CARD_KEY_OLD=old read either while the command re-seals
 * under them). An operator reveals the same full card number throughout; duplicates are still
 * refused across the rotation; every stored value ends sealed with the current key only.
 */
function rotate(site: Site, env: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['apps/server/dist/ops.js', 'rotate-card-key'], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: site.dataDir, ...(site.databaseUrl ? { DATABASE_URL: site.databaseUrl, DATABASE_SCHEMA: site.schema! } : {}), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (c) => (output += c));
    child.stderr!.on('data', (c) => (output += c));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

const keyFile = (site: Site, name = 'card.key') => fs.readFileSync(path.join(site.dataDir, name), 'utf8').trim();

describe('card key rotation', () => {
  let site: Site;
  let server: Proc | undefined;
  beforeAll(async () => {
    buildServerOnce();
    site = await newSite();
  }, 120_000);
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await site?.drop();
  });

  it('re-seals every card number and operator secret; reads work under either key meanwhile', async () => {
    const NUMBER_A = '6225881234567890';
    const NUMBER_B = '6225889876543210';
    server = await startServer(site);
    const name = `rot${crypto.randomBytes(3).toString('hex')}`;
    const member = (await call(server.base, '/api/register', { name, password: 'secret123', confirmPass: 'secret123', realname: '张三', paypassword: PAY_PASS })).data.api_token as string;
    const bind = (token: string, no: string) => call(server!.base, '/api/bindcard', { bank_owner: '张三', bank_no: no, pay_pass: PAY_PASS, bank: '招商银行', bank_address: '深圳市福田支行' }, token);
    expect((await bind(member, NUMBER_A)).code).toBe(200);
    const admin = async () => (await call(server!.base, '/admin/api/login', { username: 'admin', password: 'ops-admin-password' })).data.token as string;
    expect((await call(server.base, '/admin/api/me/totp/setup', {}, await admin())).code).toBe(200);
    const cardId = async (token: string) => (await call(server!.base, '/api/getcard', { type: 1 }, token)).data[0].id as number;
    const reveal = async () => (await call(server!.base, '/admin/api/members/reveal-card', { username: name, card_id: await cardId(member), reason: '核对出款卡号' }, await admin())).data?.bank_no;
    expect(await reveal()).toBe(NUMBER_A);
    const k0 = keyFile(site);

    // ---- file mode: stop, rotate, start ----
    expect(await server.stop()).toBe(0);
    const r1 = await rotate(site);
    expect(r1.code, r1.output).toBe(0);
    expect(r1.output).toContain('re-sealed 1 card numbers and 1 operator secrets');
    const k1 = keyFile(site);
    expect(keyFile(site, 'card.key.old')).toBe(k0);
    expect(k1).not.toBe(k0);
    expect(fs.statSync(path.join(site.dataDir, 'card.key')).mode & 0o777).toBe(0o600);
    // a second run has nothing left to do
    expect((await rotate(site)).output).toContain('re-sealed 0 card numbers and 0 operator secrets');
    fs.rmSync(path.join(site.dataDir, 'card.key.old'));
    server = await startServer(site, {}, { port: server.port });
    expect(await reveal()).toBe(NUMBER_A);

    // ---- settings mode: every process gets CARD_KEY=new and CARD_KEY_OLD=old ----
    const k2 = crypto.randomBytes(32).toString('hex');
    expect(await server.stop()).toBe(0);
    server = await startServer(site, { CARD_KEY: k2, CARD_KEY_OLD: k1 }, { port: server.port });
    // read under the previous key; new cards sealed under the new one; a duplicate is still found
    expect(await reveal()).toBe(NUMBER_A);
    const other = (await call(server.base, '/api/register', { name: `${name}b`, password: 'secret123', confirmPass: 'secret123', realname: '张三', paypassword: PAY_PASS })).data.api_token as string;
    expect((await bind(other, NUMBER_B)).code).toBe(200);
    const dup = await bind(member, NUMBER_A);
    expect(dup.code).not.toBe(200);
    // the command runs while the server works
    const r2 = await rotate(site, { CARD_KEY: k2, CARD_KEY_OLD: k1 });
    expect(r2.code, r2.output).toBe(0);
    expect(r2.output).toContain('re-sealed 1 card numbers and 1 operator secrets');
    expect(await reveal()).toBe(NUMBER_A);
    expect(await server.stop()).toBe(0);

    // the previous key is no longer needed
    server = await startServer(site, { CARD_KEY: k2 }, { port: server.port });
    expect(await reveal()).toBe(NUMBER_A);
    const dup2 = await bind(member, NUMBER_A);
    expect(dup2).toMatchObject({ code: dup.code, message: dup.message });
    const db = site.db();
    const current = createCardVault(Buffer.from(k2, 'hex'));
    const previous = createCardVault(Buffer.from(k1, 'hex'));
    const cards = await db.selectFrom('member_cards').select(['bank_no', 'number_key']).orderBy('id').execute();
    expect(cards.map((c) => current.open(c.bank_no))).toEqual([NUMBER_A, NUMBER_B]);
    expect(cards.map((c) => c.number_key)).toEqual([current.fingerprint(NUMBER_A), current.fingerprint(NUMBER_B)]);
    expect(cards.some((c) => previous.isCurrent(c.bank_no))).toBe(false);
    const [op] = await db.selectFrom('admins').select('totp_pending').where('username', '=', 'admin').execute();
    expect(current.isCurrent(op.totp_pending!)).toBe(true);
    // settings mode without the previous key is refused, not guessed
    const r3 = await rotate(site, { CARD_KEY: k2 });
    expect(r3.code).toBe(1);
    expect(r3.output).toContain('CARD_KEY_OLD');
  }, 180_000);
});
