import {
  adminVipLevelCreateSchema,
  adminVipLevelDeleteSchema,
  adminVipLevelsListSchema,
  adminVipLevelUpdateSchema,
  fenToYuan,
  VIP_ADMIN_MSG,
  type AdminVipLevelRow,
  type AdminVipLevelsReply,
  type VipLevelInput,
} from '@casino/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { adminRoute, registerAdminRoutes, type RequireAdmin } from '../../http/admin-routes.ts';
import { ok, refuse } from '../../http/envelope.ts';
import { audit } from '../audit/index.ts';
import { vipLevelRepo, type VipLevelRecord } from '../content/index.ts';
import type { PromotionsDeps } from './deps.ts';
import type { OperatorAct } from './red-packet-rules.ts';
import { retentionRequired } from './vip.ts';

/**
 * VIP levels in the back-office (issue 13): thresholds and rebate rates per category, the same
 * rows /api/uservip shows and the daily settlement and VIP review read. Levels stay contiguous
 * (promotion moves one level at a time): a new level is the next above the highest, only the
 * highest may be deleted and only while no member holds it, and thresholds rise level by level.
 * Retention (percent of a level's flow per period, period length) is a promotions setting.
 */

const wireRow = (r: VipLevelRecord, retentionPercent: number): AdminVipLevelRow => ({
  level: Number(r.level),
  name: r.name,
  recharge: fenToYuan(Number(r.recharge_fen)),
  flow: fenToYuan(Number(r.flow_fen)),
  realperson: Number(r.realperson_bp) / 100,
  sport: Number(r.sport_bp) / 100,
  e_sport: Number(r.e_sport_bp) / 100,
  joker: Number(r.joker_bp) / 100,
  electron: Number(r.electron_bp) / 100,
  lottery: Number(r.lottery_bp) / 100,
  retention_flow: fenToYuan(retentionRequired(r, retentionPercent)),
});

const stored = (v: VipLevelInput) => ({
  name: v.name,
  recharge_fen: v.recharge,
  flow_fen: v.flow,
  realperson_bp: v.realperson,
  sport_bp: v.sport,
  e_sport_bp: v.e_sport,
  joker_bp: v.joker,
  electron_bp: v.electron,
  lottery_bp: v.lottery,
});

/** the audit log's view of a level: yuan and percent as the operator typed them */
const shown = (r: VipLevelRecord) => wireRow(r, 0);

/** thresholds must not fall below the level under it nor rise above the level over it */
function checkOrder(v: VipLevelInput, below: VipLevelRecord | undefined, above: VipLevelRecord | undefined) {
  if (below && (v.recharge < Number(below.recharge_fen) || v.flow < Number(below.flow_fen))) refuse(VIP_ADMIN_MSG.order);
  if (above && (v.recharge > Number(above.recharge_fen) || v.flow > Number(above.flow_fen))) refuse(VIP_ADMIN_MSG.order);
}

export async function listVipLevels(deps: PromotionsDeps): Promise<AdminVipLevelsReply> {
  const [rows, settings] = await Promise.all([vipLevelRepo.all(deps.db), deps.settings()]);
  return {
    data: rows.map((r) => wireRow(r, settings.vip_retention_percent)),
    total: rows.length,
    retention_percent: settings.vip_retention_percent,
    retention_days: settings.vip_retention_days,
  };
}

export async function createVipLevel(db: Kysely<DB>, v: VipLevelInput, op: OperatorAct, now = Date.now()) {
  return db.transaction().execute(async (trx) => {
    if (await vipLevelRepo.one(trx, v.level)) refuse(VIP_ADMIN_MSG.exists);
    const next = ((await vipLevelRepo.highest(trx)) ?? 0) + 1;
    if (v.level !== next) refuse(VIP_ADMIN_MSG.notNext(next));
    const [below] = await vipLevelRepo.neighbours(trx, v.level);
    checkOrder(v, below, undefined);
    // a concurrent create of the same level finds the primary key taken
    if (!(await vipLevelRepo.insert(trx, { level: v.level, ...stored(v) }))) refuse(VIP_ADMIN_MSG.exists);
    const row = (await vipLevelRepo.one(trx, v.level))!;
    await audit(trx, { adminId: op.adminId, action: 'vip_level.create', target: `vip_level:${v.level}`, detail: { after: shown(row) }, ip: op.ip, now });
    return shown(row);
  });
}

export async function updateVipLevel(db: Kysely<DB>, v: VipLevelInput, op: OperatorAct, now = Date.now()) {
  return db.transaction().execute(async (trx) => {
    const before = await vipLevelRepo.one(trx, v.level);
    if (!before) refuse(VIP_ADMIN_MSG.notFound, 404);
    const [below, above] = await vipLevelRepo.neighbours(trx, v.level);
    checkOrder(v, below, above);
    const after = await vipLevelRepo.update(trx, v.level, stored(v));
    if (!after) refuse(VIP_ADMIN_MSG.notFound, 404);
    await audit(trx, { adminId: op.adminId, action: 'vip_level.update', target: `vip_level:${v.level}`, detail: { before: shown(before), after: shown(after) }, ip: op.ip, now });
    return shown(after);
  });
}

export async function deleteVipLevel(db: Kysely<DB>, level: number, op: OperatorAct, now = Date.now()) {
  return db.transaction().execute(async (trx) => {
    const before = await vipLevelRepo.one(trx, level);
    if (!before) refuse(VIP_ADMIN_MSG.notFound, 404);
    if ((await vipLevelRepo.highest(trx)) !== level) refuse(VIP_ADMIN_MSG.onlyTop);
    if (level === 1 || (await vipLevelRepo.all(trx)).length <= 1) refuse(VIP_ADMIN_MSG.lastLevel);
    // one index probe (members_vip_paysum), whatever the number of members
    const holder = await trx.selectFrom('members').select('id').where('vip', '=', level).limit(1).executeTakeFirst();
    if (holder) refuse(VIP_ADMIN_MSG.hasMembers);
    await vipLevelRepo.remove(trx, level);
    await audit(trx, { adminId: op.adminId, action: 'vip_level.delete', target: `vip_level:${level}`, detail: { before: shown(before) }, ip: op.ip, now });
    return { level };
  });
}

/** /admin/api/vip-levels/list|create|update|delete */
export function vipAdminRoutes(app: FastifyInstance, deps: PromotionsDeps, requireAdmin: RequireAdmin) {
  const op = (admin: { adminId: number }, req: { ip: string }): OperatorAct => ({ adminId: admin.adminId, ip: req.ip });
  // this process answers the new table at once (/api/uservip, settlement); others within their cache time
  const changed = () => deps.vipLevelsChanged?.();
  registerAdminRoutes(app, requireAdmin, [
    adminRoute({
      path: '/admin/api/vip-levels/list',
      permission: 'promotions.view',
      schema: adminVipLevelsListSchema,
      handler: async () => ok(await listVipLevels(deps)),
    }),
    adminRoute({
      path: '/admin/api/vip-levels/create',
      permission: 'promotions.manage',
      schema: adminVipLevelCreateSchema,
      handler: async (input, admin, req) => {
        const row = await createVipLevel(deps.db, input, op(admin, req));
        changed();
        return ok(row, VIP_ADMIN_MSG.created);
      },
    }),
    adminRoute({
      path: '/admin/api/vip-levels/update',
      permission: 'promotions.manage',
      schema: adminVipLevelUpdateSchema,
      handler: async (input, admin, req) => {
        const row = await updateVipLevel(deps.db, input, op(admin, req));
        changed();
        return ok(row, VIP_ADMIN_MSG.saved);
      },
    }),
    adminRoute({
      path: '/admin/api/vip-levels/delete',
      permission: 'promotions.manage',
      schema: adminVipLevelDeleteSchema,
      handler: async (input, admin, req) => {
        const r = await deleteVipLevel(deps.db, input.level, op(admin, req));
        changed();
        return ok(r, VIP_ADMIN_MSG.deleted);
      },
    }),
  ]);
}
