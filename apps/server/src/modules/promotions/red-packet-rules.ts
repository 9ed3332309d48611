import { BUSINESS_TZ, PROMO_ADMIN_MSG, type RedPacketRuleInput } from '@casino/contract';
import type { Kysely } from 'kysely';
import type { DB, RedPacketRule } from '../../db/schema.ts';
import { refuse } from '../../http/envelope.ts';
import { paged } from '../../lib/paging.ts';
import { dayjs } from '../../lib/time.ts';
import { audit } from '../audit/index.ts';
import { ruleItem } from './red-packets.ts';

/** The operator's rule as stored: Beijing wire times to epoch ms, percents to basis points. */
function toRow(input: RedPacketRuleInput, now: number) {
  return {
    name: input.name,
    starts_at: dayjs.tz(input.start_time, BUSINESS_TZ).valueOf(),
    ends_at: dayjs.tz(input.end_time, BUSINESS_TZ).valueOf(),
    deposit_min: input.deposit_min,
    deposit_max: input.deposit_max ?? null,
    grabs: input.grabs,
    mode: input.mode,
    amount_min: input.mode === 'fixed' ? (input.amount_min ?? 0) : 0,
    amount_max: input.amount_max,
    percent_min: input.mode === 'percent' ? Math.round((input.percent_min ?? 0) * 100) : 0,
    percent_max: input.mode === 'percent' ? Math.round((input.percent_max ?? 0) * 100) : 0,
    turnover_multiple: input.turnover_multiple ?? 1,
    state: input.state ?? 1,
    updated_at: now,
  };
}

const view = (r: RedPacketRule) => ({ ...ruleItem(r), state: Number(r.state), mode: r.mode, percent_min: Number(r.percent_min) / 100, percent_max: Number(r.percent_max) / 100, amount_min: Number(r.amount_min) / 100 });

export interface OperatorAct {
  adminId: number;
  ip: string;
}

export async function listRules(db: Kysely<DB>, page: number) {
  const perPage = 20;
  const [count, rows] = await Promise.all([
    db.selectFrom('red_packet_rules').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
    db.selectFrom('red_packet_rules').selectAll().orderBy('id', 'desc').limit(perPage).offset((page - 1) * perPage).execute(),
  ]);
  return paged(rows.map(view), Number(count?.n ?? 0), page, perPage);
}

export async function createRule(db: Kysely<DB>, input: RedPacketRuleInput, op: OperatorAct, now = Date.now()) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('red_packet_rules')
      .values({ ...toRow(input, now), created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, { adminId: op.adminId, action: 'red_packet_rule.create', target: `red_packet_rule:${row.id}`, detail: { after: view(row) }, ip: op.ip, now });
    return view(row);
  });
}

export async function updateRule(db: Kysely<DB>, id: number, input: RedPacketRuleInput, op: OperatorAct, now = Date.now()) {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('red_packet_rules').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) refuse(PROMO_ADMIN_MSG.ruleNotFound, 404);
    const after = await trx.updateTable('red_packet_rules').set(toRow(input, now)).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    await audit(trx, { adminId: op.adminId, action: 'red_packet_rule.update', target: `red_packet_rule:${id}`, detail: { before: view(before), after: view(after) }, ip: op.ip, now });
    return view(after);
  });
}

/** Deleting a rule keeps the grabs made under it (they name the rule by id). */
export async function deleteRule(db: Kysely<DB>, id: number, op: OperatorAct, now = Date.now()) {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('red_packet_rules').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) refuse(PROMO_ADMIN_MSG.ruleNotFound, 404);
    await trx.deleteFrom('red_packet_rules').where('id', '=', id).execute();
    await audit(trx, { adminId: op.adminId, action: 'red_packet_rule.delete', target: `red_packet_rule:${id}`, detail: { before: view(before) }, ip: op.ip, now });
    return { id };
  });
}
