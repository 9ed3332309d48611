import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { bjTime } from './days.ts';

/**
 * Demo red-packet rules matching the seeded 每日红包 activity (1.88 ~ 888 元, 1x turnover), added
 * once when the table is empty and the demo is seeded; operators edit them in the back-office.
 */
export async function seedDemoRedPacketRules(db: Kysely<DB>, now = Date.now()) {
  const any = await db.selectFrom('red_packet_rules').select('id').limit(1).executeTakeFirst();
  if (any) return;
  const window = { starts_at: bjTime('2025-01-01 00:00:00'), ends_at: bjTime('2035-12-31 23:59:59'), created_at: now, updated_at: now, mode: 'fixed' as const, turnover_multiple: 1 };
  await db
    .insertInto('red_packet_rules')
    .values([
      { ...window, name: '存款100元起', deposit_min: 10_000, deposit_max: 99_999, grabs: 1, amount_min: 188, amount_max: 1_888 },
      { ...window, name: '存款1000元起', deposit_min: 100_000, deposit_max: 999_999, grabs: 2, amount_min: 588, amount_max: 8_888 },
      { ...window, name: '存款10000元起', deposit_min: 1_000_000, deposit_max: null, grabs: 3, amount_min: 1_888, amount_max: 88_800 },
    ])
    .execute();
}
