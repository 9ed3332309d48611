import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, SETTINGS_MSG } from '@casino/contract';
import { startApp, type TestApp } from '../../../test/harness.ts';

/**
 * The attacker's view of the settings: the two-person thresholds, the daily cap on immediate
 * adjustments and the second-factor requirement are what hold a money operator back. A role with
 * settings.update (not itself a money permission, so not even asked for a second factor) set
 * withdraw_second_approval_over to 0 and then approved a large withdrawal alone, or switched the
 * second factor off for every money role. Now only a super admin changes these controls; the
 * other settings stay with settings.update.
 */
describe('the money controls among the settings', () => {
  let t: TestApp;
  let owner: string;
  let cashier: string;
  let siteOps: string;
  const update = (body: unknown, token: string) => t.post('/admin/api/settings/update', body, { token });
  const stored = async () => Object.fromEntries((await t.ctx.db.selectFrom('settings').selectAll().execute()).map((r) => [r.key, r.value]));

  beforeAll(async () => {
    t = await startApp();
    owner = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    const role = async (code: string, permissions: string[]) => expect((await t.post('/admin/api/roles/create', { code, name: code, permissions }, { token: owner })).code).toBe(200);
    // a finance lead who may also edit the site's settings, and a site operator
    await role('cash_lead', ['withdrawals.view', 'withdrawals.review', 'members.adjust', 'settings.view', 'settings.update']);
    await role('site_ops', ['settings.view', 'settings.update']);
    for (const [username, r] of [['cashlead', 'cash_lead'], ['siteops', 'site_ops']]) {
      expect((await t.post('/admin/api/operators/create', { username, password: `${username}-pass-1`, role: r }, { token: owner })).code).toBe(200);
    }
    cashier = (await t.post('/admin/api/login', { username: 'cashlead', password: 'cashlead-pass-1' })).data.token;
    siteOps = (await t.post('/admin/api/login', { username: 'siteops', password: 'siteops-pass-1' })).data.token;
  });
  afterAll(() => t.stop());

  it('only a super admin changes the two-person thresholds, the daily cap and the second-factor requirement', async () => {
    const before = await stored();
    const weakening = [
      { withdraw_second_approval_over: 0 },
      { withdraw_second_approval_over: 100_000_000 },
      { adjust_second_approval_over: 1_000_000 },
      { adjust_daily_immediate_max: 0 },
      { turnover_waive_review_threshold: 0 },
      { agent_review_threshold: 0 },
      { operator_2fa_required: 0 },
      // hidden beside a harmless change: the whole call is refused
      { title: '新标题', withdraw_second_approval_over: 0 },
    ];
    for (const token of [cashier, siteOps]) {
      for (const body of weakening) {
        expect(await update(body, token), JSON.stringify(body)).toMatchObject({ code: CODE.forbidden, message: SETTINGS_MSG.controlsSuperOnly });
      }
    }
    expect(await stored()).toEqual(before);
    // the other settings stay with settings.update
    expect(await update({ title: '站点运营改的标题' }, siteOps)).toMatchObject({ code: 200 });
    // the values as they are sent back by the settings form (unchanged) pass too
    const current = (await t.post('/admin/api/settings/get', {}, { token: siteOps })).data.settings;
    expect(await update({ title: '又改了', withdraw_second_approval_over: current.withdraw_second_approval_over, operator_2fa_required: current.operator_2fa_required }, siteOps)).toMatchObject({ code: 200 });
    // a super admin changes them
    expect(await update({ withdraw_second_approval_over: 12_345 }, owner)).toMatchObject({ code: 200, data: { changed: ['withdraw_second_approval_over'] } });
  });
});
