import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { hashPassword, STARTING_VIP } from '../../modules/accounts/index.ts';
import type { SiteService } from '../../modules/site/index.ts';
import { wallet } from '../../modules/wallet/index.ts';
import { seedContent } from './content.ts';
import { seedBanks } from './cards.ts';
import { seedDemoInbox } from './inbox.ts';
import { seedSeamlessVenues } from './seamless-venues.ts';

export const DEMO_MEMBER = { username: 'demo888', password: 'demo888', payPassword: '666888', realname: '王小明' };
/** what the demo member starts with (fen), so the sandbox's games can be played at once */
export const DEMO_CREDIT_FEN = 100_000;

/**
 * First-start content. Every step inserts only what is missing, so it runs at each
 * start and several processes may run it at once.
 */
export async function seed(ctx: AppContext, site: SiteService): Promise<void> {
  await site.seed();
  await seedFirstAdmin(ctx);
  await seedContent(ctx, site);
  if (ctx.config.seedDemo) await seedDemoMember(ctx);
  await seedBanks(ctx);
  if (ctx.config.seedDemo) await seedDemoInbox(ctx, DEMO_MEMBER.username);
  // issue 38: two seamless venues (their mode reaches the provider once the server listens)
  if (ctx.config.seedDemo) await seedSeamlessVenues(ctx);
}

async function seedFirstAdmin(ctx: AppContext) {
  const { db, config, log } = ctx;
  const any = await db.selectFrom('admins').select('id').limit(1).executeTakeFirst();
  if (any) return;
  const generated = !config.adminPassword;
  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  const inserted = await db
    .insertInto('admins')
    .values({
      username: config.adminUsername,
      password_hash: await hashPassword(password),
      role: 'owner',
      created_at: Date.now(),
      // issue 25: a generated password was printed to the log: its owner sets their own at first
      // sign-in; one given in ADMIN_PASSWORD was chosen by the person starting the site
      must_change_password: generated ? 1 : 0,
    })
    .onConflict((oc) => oc.column('username').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted && generated) {
    // printed once, at the start that created the account; it is not stored anywhere in clear
    log.warn(`first back-office account created: ${config.adminUsername} / ${password} (change it after signing in)`);
  }
}

async function seedDemoMember(ctx: AppContext) {
  const { db } = ctx;
  const exists = await db.selectFrom('members').select('id').where('username', '=', DEMO_MEMBER.username).executeTakeFirst();
  if (exists) return;
  const [passwordHash, payHash] = await Promise.all([
    hashPassword(DEMO_MEMBER.password),
    hashPassword(DEMO_MEMBER.payPassword),
  ]);
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('members')
      .values({
        username: DEMO_MEMBER.username,
        password_hash: passwordHash,
        pay_password_hash: payHash,
        realname: DEMO_MEMBER.realname,
        referrer_pid: null,
        register_ip: '127.0.0.1',
        vip: STARTING_VIP,
        created_at: now,
      })
      .onConflict((oc) => oc.column('username').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return;
    await wallet.openMemberAccounts(trx, row.id, now);
    // through the ledger like any credit, from the adjustments house account
    const key = `seed:demo-credit:${row.id}`;
    await wallet.creditFromHouse(trx, {
      memberId: row.id,
      amount: DEMO_CREDIT_FEN,
      reference: key,
      idempotencyKey: key,
      memo: '演示资金',
      createdBy: 'seed',
      house: 'adjustments',
      now,
    });
  });
}
