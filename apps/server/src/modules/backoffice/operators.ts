import { CODE, OPS_MSG, PERMISSIONS, type Grant, type OperatorRow, type OperatorSelf, type RoleRow } from '@casino/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { SessionAdmin } from '../../http/auth.ts';
import { refuse } from '../../http/envelope.ts';
import { toWireTime } from '../../lib/time.ts';
import { hashPassword, verifyPassword, type Sessions } from '../accounts/index.ts';
import type { CardVault } from '../cards/index.ts';
import { validAllowlist } from './ip-allow.ts';
import * as ops from './operators-repo.ts';
import { audit } from '../audit/index.ts';
import { permissionsOf } from '../../lib/permissions.ts';
import type { ClientMeta } from './service.ts';
import { enrolment, matchStep, newTotpSecret } from './totp.ts';

/** minutes without a call before an operator's session ends */
export const ADMIN_IDLE_MINUTES = 30;

/** true when `held` covers every slug of `wanted` (a role cannot grant what its creator lacks) */
export function covers(held: readonly string[], wanted: readonly string[]): boolean {
  if (held.includes('*')) return true;
  return wanted.every((p) => p !== '*' && held.includes(p));
}

const isSuper = (perms: readonly string[]) => perms.includes('*');

/**
 * Operators managing operators and roles, and each operator's own password and second factor.
 * Every change is audited in its own transaction with before/after; an operator can act only on
 * operators and roles whose permissions they hold themselves.
 */
/** issue 25: what the login side lends the operators desk */
export interface OperatorChecks {
  /** the role must have a second factor (money permissions, setting on) */
  totpRequired(permissions: readonly string[]): Promise<boolean>;
  /** forget an operator's failed logins (their password was reset) */
  clearLoginFailures(username: string): Promise<void>;
}

export function createOperators(ctx: AppContext, sessions: Sessions, vault: CardVault, checks: OperatorChecks) {
  const { db } = ctx;
  // wrong current passwords and codes typed by a signed-in operator: 5 in 15 minutes, then a pause
  const ownChecks = ctx.limiter({ name: 'admin_own_checks', points: 5, durationSec: 15 * 60, blockSec: 15 * 60 });

  async function roleOrRefuse(trx: Kysely<DB>, code: string) {
    const role = await ops.roleByCode(trx, code);
    if (!role) refuse(OPS_MSG.roleUnknown);
    return { ...role, grants: permissionsOf(role.permissions) };
  }

  /** the target operator, refused when it is the actor or holds more than the actor */
  async function targetOf(trx: Kysely<DB>, actor: SessionAdmin, username: string, allowSelf = false) {
    const target = await ops.operatorByUsername(trx, username);
    if (!target) refuse(OPS_MSG.operatorNotFound, CODE.notFound);
    if (!allowSelf && target.id === actor.adminId) refuse(OPS_MSG.notSelf);
    const role = await ops.roleByCode(trx, target.role);
    const grants = permissionsOf(role?.permissions);
    if (!covers(actor.permissions, grants)) refuse(OPS_MSG.escalation, CODE.forbidden);
    return { target, grants };
  }

  /** a site keeps one active super admin at least */
  async function keepOneSuper(trx: Kysely<DB>, losing: boolean) {
    if (losing && (await ops.activeSuperCount(trx)) <= 1) refuse(OPS_MSG.lastSuper);
  }

  function operatorRow(r: Awaited<ReturnType<typeof ops.listOperators>>['rows'][number]): OperatorRow {
    return {
      id: r.id,
      username: r.username,
      role: r.role,
      role_name: r.role_name ?? r.role,
      status: r.status === 1 ? 1 : 0,
      totp_enabled: Boolean(r.totp_secret),
      ip_allowlist: JSON.parse(r.ip_allowlist || '[]'),
      created_at: toWireTime(r.created_at),
      created_by: r.created_by,
      last_login_at: r.last_login_at ? toWireTime(r.last_login_at) : null,
      last_login_ip: r.last_login_ip,
    };
  }

  async function rowOf(username: string): Promise<OperatorRow> {
    const { rows } = await ops.listOperators(db, { username, exact: true }, 1, 1);
    return operatorRow(rows[0]);
  }

  return {
    async me(admin: SessionAdmin): Promise<OperatorSelf> {
      const row = await ops.operatorById(db, admin.adminId);
      const role = await ops.roleByCode(db, admin.role);
      const totpRequired = await checks.totpRequired(admin.permissions);
      const mustChange = ctx.config.operatorSetup && row?.must_change_password === 1;
      return {
        id: admin.adminId,
        username: admin.username,
        role: admin.role,
        role_name: role?.name ?? admin.role,
        permissions: admin.permissions,
        totp_enabled: Boolean(row?.totp_secret),
        totp_recommended: isSuper(admin.permissions) && !row?.totp_secret,
        ip_allowlist: JSON.parse(row?.ip_allowlist || '[]'),
        idle_minutes: ADMIN_IDLE_MINUTES,
        must_change_password: mustChange,
        totp_required: totpRequired,
        must_enrol_totp: totpRequired && !row?.totp_secret,
      };
    },

    /** Ends every other session of the operator (this one stays, so the screen can say so). */
    async changeOwnPassword(admin: SessionAdmin, oldPassword: string, newPassword: string, meta: ClientMeta) {
      const row = await ops.operatorById(db, admin.adminId);
      if (!row || !(await ownChecks.attempt(String(admin.adminId), () => verifyPassword(row.password_hash, oldPassword)))) refuse(OPS_MSG.oldPasswordWrong);
      if (oldPassword === newPassword) refuse(OPS_MSG.samePassword);
      const hash = await hashPassword(newPassword);
      await db.transaction().execute(async (trx) => {
        // issue 25: their own password now: the first-sign-in flag goes with the change
        const changed = await trx.updateTable('admins').set({ password_hash: hash, must_change_password: 0 }).where('id', '=', admin.adminId).where('password_hash', '=', row.password_hash).executeTakeFirst();
        if (Number(changed.numUpdatedRows) !== 1) refuse(OPS_MSG.oldPasswordWrong);
        await trx.deleteFrom('sessions').where('subject_kind', '=', 'admin').where('subject_id', '=', admin.adminId).where('token_hash', '<>', admin.tokenHash).execute();
        await audit(trx, { adminId: admin.adminId, action: 'operator.password.self', target: `admin:${admin.adminId}`, detail: { before: { must_change_password: row.must_change_password === 1 }, after: { must_change_password: false } }, ip: meta.ip });
      });
    },

    /** A new secret, kept pending until a code confirms it; shown this once. */
    async totpSetup(admin: SessionAdmin) {
      const row = await ops.operatorById(db, admin.adminId);
      if (row?.totp_secret) refuse(OPS_MSG.totpAlreadyOn);
      const secret = newTotpSecret();
      // not audited: a pending secret changes nothing until a code confirms it (enable is audited)
      await db.updateTable('admins').set({ totp_pending: vault.seal(secret) }).where('id', '=', admin.adminId).execute();
      return enrolment(secret, admin.username);
    },

    async totpEnable(admin: SessionAdmin, code: string, meta: ClientMeta) {
      const row = await ops.operatorById(db, admin.adminId);
      if (!row) refuse(OPS_MSG.operatorNotFound);
      if (row.totp_secret) refuse(OPS_MSG.totpAlreadyOn);
      if (!row.totp_pending) refuse(OPS_MSG.totpNotSetUp);
      const pending = row.totp_pending;
      let step: number | null = null;
      if (!(await ownChecks.attempt(String(admin.adminId), async () => (step = matchStep(vault.open(pending), admin.username, code)) !== null))) refuse(OPS_MSG.otpWrong);
      await db.transaction().execute(async (trx) => {
        const done = await trx
          .updateTable('admins')
          .set({ totp_secret: row.totp_pending, totp_pending: null, totp_last_step: step })
          .where('id', '=', admin.adminId)
          .where('totp_pending', '=', row.totp_pending)
          .where('totp_secret', 'is', null)
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) !== 1) refuse(OPS_MSG.totpAlreadyOn);
        await audit(trx, { adminId: admin.adminId, action: 'operator.totp.enable', target: `admin:${admin.adminId}`, detail: { before: { totp: false }, after: { totp: true } }, ip: meta.ip });
      });
      return this.me(admin);
    },

    /** Ordinary operators may switch their second factor off with a current code; super admins may not. */
    async totpDisable(admin: SessionAdmin, code: string, meta: ClientMeta) {
      const row = await ops.operatorById(db, admin.adminId);
      if (!row?.totp_secret) refuse(OPS_MSG.totpOff);
      if (isSuper(admin.permissions)) refuse(OPS_MSG.totpRequiredForSuper, CODE.forbidden);
      // issue 25: a role that handles money keeps its second factor while the site requires it
      if (await checks.totpRequired(admin.permissions)) refuse(OPS_MSG.totpRequired, CODE.forbidden);
      const secret = row.totp_secret;
      const fresh = async () => {
        const step = matchStep(vault.open(secret), admin.username, code);
        return step !== null && (row.totp_last_step === null || step > row.totp_last_step);
      };
      if (!(await ownChecks.attempt(String(admin.adminId), fresh))) refuse(OPS_MSG.otpWrong);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('admins').set({ totp_secret: null, totp_pending: null, totp_last_step: null }).where('id', '=', admin.adminId).execute();
        await audit(trx, { adminId: admin.adminId, action: 'operator.totp.disable', target: `admin:${admin.adminId}`, detail: { before: { totp: true }, after: { totp: false } }, ip: meta.ip });
      });
    },

    async list(f: { username?: string; role?: string; status?: 0 | 1 }, page: number, perPage: number) {
      const { rows, total } = await ops.listOperators(db, f, page, perPage);
      return { data: rows.map(operatorRow), total, last_page: Math.max(1, Math.ceil(total / perPage)), current_page: page, per_page: perPage };
    },

    async create(admin: SessionAdmin, input: { username: string; password: string; role: string; ip_allowlist?: string[] }, meta: ClientMeta): Promise<OperatorRow> {
      const role = await roleOrRefuse(db, input.role);
      if (!covers(admin.permissions, role.grants)) refuse(OPS_MSG.escalation, CODE.forbidden);
      const allow = input.ip_allowlist ?? [];
      if (!validAllowlist(allow)) refuse(OPS_MSG.ipList);
      const hash = await hashPassword(input.password);
      try {
        await db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('admins')
            // issue 25: the password was chosen by another operator: the new one sets their own at first sign-in
            .values({ username: input.username, password_hash: hash, role: role.code, created_at: Date.now(), created_by: admin.adminId, ip_allowlist: JSON.stringify(allow), must_change_password: 1 })
            .returning('id')
            .executeTakeFirstOrThrow();
          await audit(trx, { adminId: admin.adminId, action: 'operator.create', target: `admin:${row.id}`, detail: { after: { username: input.username, role: role.code, ip_allowlist: allow } }, ip: meta.ip });
        });
      } catch (e) {
        if (isUniqueViolation(e)) refuse(OPS_MSG.operatorTaken);
        throw e;
      }
      return rowOf(input.username);
    },

    /** Change role and / or address allowlist. A new role ends the operator's sessions (their menu changes). */
    async update(admin: SessionAdmin, input: { username: string; role?: string; ip_allowlist?: string[] }, meta: ClientMeta): Promise<OperatorRow> {
      await db.transaction().execute(async (trx) => {
        const { target, grants } = await targetOf(trx, admin, input.username, input.role === undefined);
        const before = { role: target.role, ip_allowlist: JSON.parse(target.ip_allowlist || '[]') };
        const after = { ...before };
        if (input.role !== undefined && input.role !== target.role) {
          const role = await roleOrRefuse(trx, input.role);
          if (!covers(admin.permissions, role.grants)) refuse(OPS_MSG.escalation, CODE.forbidden);
          await keepOneSuper(trx, target.status === 1 && isSuper(grants) && !isSuper(role.grants));
          after.role = role.code;
        }
        if (input.ip_allowlist !== undefined) {
          if (!validAllowlist(input.ip_allowlist)) refuse(OPS_MSG.ipList);
          after.ip_allowlist = input.ip_allowlist;
        }
        await trx.updateTable('admins').set({ role: after.role, ip_allowlist: JSON.stringify(after.ip_allowlist) }).where('id', '=', target.id).execute();
        if (after.role !== before.role) await sessions.revokeAll(trx, target.id);
        await audit(trx, { adminId: admin.adminId, action: 'operator.update', target: `admin:${target.id}`, detail: { username: target.username, before, after }, ip: meta.ip });
      });
      return rowOf(input.username);
    },

    /** Disabling ends the operator's sessions in the same transaction: their next call answers 401. */
    async setStatus(admin: SessionAdmin, username: string, status: 0 | 1, meta: ClientMeta): Promise<OperatorRow> {
      await db.transaction().execute(async (trx) => {
        const { target, grants } = await targetOf(trx, admin, username);
        if (target.status === status) return;
        if (status === 0) await keepOneSuper(trx, isSuper(grants));
        await trx.updateTable('admins').set({ status }).where('id', '=', target.id).execute();
        if (status === 0) await sessions.revokeAll(trx, target.id);
        await audit(trx, {
          adminId: admin.adminId,
          action: status === 0 ? 'operator.disable' : 'operator.enable',
          target: `admin:${target.id}`,
          detail: { username: target.username, before: { status: target.status }, after: { status } },
          ip: meta.ip,
        });
      });
      return rowOf(username);
    },

    async resetPassword(admin: SessionAdmin, username: string, password: string, meta: ClientMeta) {
      const hash = await hashPassword(password);
      await db.transaction().execute(async (trx) => {
        const { target } = await targetOf(trx, admin, username);
        // issue 25: the operator sets their own at next sign-in
        await trx.updateTable('admins').set({ password_hash: hash, must_change_password: 1 }).where('id', '=', target.id).execute();
        await sessions.revokeAll(trx, target.id);
        await audit(trx, { adminId: admin.adminId, action: 'operator.password.reset', target: `admin:${target.id}`, detail: { username: target.username, before: { must_change_password: target.must_change_password === 1 }, after: { must_change_password: true } }, ip: meta.ip });
      });
      // issue 25: the reset also lifts the slow-down earned by wrong passwords
      await checks.clearLoginFailures(username);
    },

    /** Removes a lost second factor; the operator enrols again after signing in. */
    async resetTotp(admin: SessionAdmin, username: string, meta: ClientMeta) {
      await db.transaction().execute(async (trx) => {
        const { target } = await targetOf(trx, admin, username);
        await trx.updateTable('admins').set({ totp_secret: null, totp_pending: null, totp_last_step: null }).where('id', '=', target.id).execute();
        await sessions.revokeAll(trx, target.id);
        await audit(trx, { adminId: admin.adminId, action: 'operator.totp.reset', target: `admin:${target.id}`, detail: { username: target.username, before: { totp: Boolean(target.totp_secret) }, after: { totp: false } }, ip: meta.ip });
      });
    },

    async roles(): Promise<{ roles: RoleRow[]; permissions: { slug: string; name: string }[] }> {
      const rows = await ops.roles(db);
      return {
        roles: rows.map((r) => ({
          code: r.code,
          name: r.name,
          permissions: permissionsOf(r.permissions) as Grant[],
          builtin: r.builtin === 1,
          operators: r.operators,
          created_at: toWireTime(r.created_at),
          updated_at: toWireTime(r.updated_at),
        })),
        permissions: Object.entries(PERMISSIONS).map(([slug, name]) => ({ slug, name })),
      };
    },

    async createRole(admin: SessionAdmin, input: { code: string; name: string; permissions: Grant[] }, meta: ClientMeta) {
      if (!covers(admin.permissions, input.permissions)) refuse(OPS_MSG.escalation, CODE.forbidden);
      const now = Date.now();
      try {
        await db.transaction().execute(async (trx) => {
          await trx
            .insertInto('admin_roles')
            .values({ code: input.code, name: input.name, permissions: JSON.stringify(input.permissions), builtin: 0, created_by: admin.adminId, created_at: now, updated_at: now })
            .execute();
          await audit(trx, { adminId: admin.adminId, action: 'role.create', target: `role:${input.code}`, detail: { after: input }, ip: meta.ip });
        });
      } catch (e) {
        if (isUniqueViolation(e)) refuse(OPS_MSG.roleTaken);
        throw e;
      }
      return (await this.roles()).roles.find((r) => r.code === input.code)!;
    },

    /**
     * The actor must hold both what the role holds now and what it would hold; '*' roles are
     * fixed. Operators of the role get the new slugs on their next call (read on every lookup).
     */
    async updateRole(admin: SessionAdmin, input: { code: string; name?: string; permissions?: Grant[] }, meta: ClientMeta) {
      await db.transaction().execute(async (trx) => {
        const role = await roleOrRefuse(trx, input.code);
        if (isSuper(role.grants)) refuse(OPS_MSG.roleBuiltin);
        if (!covers(admin.permissions, role.grants)) refuse(OPS_MSG.escalation, CODE.forbidden);
        if (input.permissions && !covers(admin.permissions, input.permissions)) refuse(OPS_MSG.escalation, CODE.forbidden);
        const after = { name: input.name ?? role.name, permissions: input.permissions ?? role.grants };
        await trx
          .updateTable('admin_roles')
          .set({ name: after.name, permissions: JSON.stringify(after.permissions), updated_at: Date.now() })
          .where('code', '=', role.code)
          .execute();
        await audit(trx, { adminId: admin.adminId, action: 'role.update', target: `role:${role.code}`, detail: { before: { name: role.name, permissions: role.grants }, after }, ip: meta.ip });
      });
      return (await this.roles()).roles.find((r) => r.code === input.code)!;
    },
  };
}
export type Operators = ReturnType<typeof createOperators>;
