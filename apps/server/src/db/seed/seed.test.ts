import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { createSiteService } from '../../modules/site/index.ts';
import { wallet } from '../../modules/wallet/index.ts';
import { DEMO_CREDIT_FEN, DEMO_MEMBER, seed } from './index.ts';

describe('demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ seedDemo: true });
  });
  afterAll(() => t.stop());

  const balance = async () => {
    const login = await t.post('/api/login', { name: DEMO_MEMBER.username, password: DEMO_MEMBER.password });
    expect(login.code, login.message).toBe(200);
    return (await t.post('/api/balance', {}, { token: login.data.api_token })).data.balance;
  };

  it('the demo member starts with 1,000.00 credited once through the ledger, and a second seed adds nothing', async () => {
    expect(Number(await balance())).toBe(DEMO_CREDIT_FEN / 100);
    await seed(t.ctx, createSiteService(t.ctx));
    expect(Number(await balance())).toBe(DEMO_CREDIT_FEN / 100);
    const credits = await t.ctx.db.selectFrom('ledger_entries').select(['kind', 'amount', 'memo']).where('idempotency_key', 'like', 'seed:demo-credit:%').execute();
    expect(credits).toHaveLength(1);
    expect(Number(credits[0].amount)).toBe(DEMO_CREDIT_FEN);
    expect(await wallet.verify(t.ctx.db)).toEqual([]);
  });
});

describe('seed without the demo', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ seedDemo: false });
  });
  afterAll(() => t.stop());

  it('creates no demo member and moves no money', async () => {
    expect(await t.ctx.db.selectFrom('members').select('id').where('username', '=', DEMO_MEMBER.username).executeTakeFirst()).toBeUndefined();
    expect(await t.ctx.db.selectFrom('ledger_entries').select('id').executeTakeFirst()).toBeUndefined();
  });
});
