import {
  auditListSchema,
  changeOwnPasswordSchema,
  meSchema,
  OPS_MSG,
  operatorCreateSchema,
  operatorListSchema,
  operatorResetPasswordSchema,
  operatorTargetSchema,
  operatorUpdateSchema,
  roleCreateSchema,
  roleListSchema,
  roleUpdateSchema,
  SETTINGS_MSG,
  settingsGetSchema,
  settingsUpdateSchema,
  totpCodeSchema,
  totpSetupSchema,
} from '@casino/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/index.ts';
import { adminRoute, registerAdminRoutes, type RequireAdmin } from '../../http/admin-routes.ts';
import { ok } from '../../http/envelope.ts';
import { listAudit } from '../audit/index.ts';
import type { Operators } from './operators.ts';
import { clientMeta } from '../../http/client-meta.ts';
import type { SettingsDesk } from './settings.ts';

/** Operators, roles, the operator's own account, the audit log and the settings (issue 12). */
export function operatorsRoutes(app: FastifyInstance, db: Kysely<DB>, operators: Operators, settings: SettingsDesk, requireAdmin: RequireAdmin) {
  registerAdminRoutes(app, requireAdmin, [
    // the operator's own account: any signed-in operator
    adminRoute({ path: '/admin/api/me/password', permission: null, schema: changeOwnPasswordSchema, handler: async (i, admin, req) => {
      await operators.changeOwnPassword(admin, i.old_password, i.new_password, clientMeta(req));
      return ok(null, OPS_MSG.passwordChanged);
    } }),
    adminRoute({ path: '/admin/api/me/totp/setup', permission: null, schema: totpSetupSchema, handler: async (_i, admin) => ok(await operators.totpSetup(admin)) }),
    adminRoute({ path: '/admin/api/me/totp/enable', permission: null, schema: totpCodeSchema, handler: async (i, admin, req) => ok(await operators.totpEnable(admin, i.code, clientMeta(req))) }),
    adminRoute({ path: '/admin/api/me/totp/disable', permission: null, schema: totpCodeSchema, handler: async (i, admin, req) => {
      await operators.totpDisable(admin, i.code, clientMeta(req));
      return ok(await operators.me(admin));
    } }),
    adminRoute({ path: '/admin/api/me', permission: null, schema: meSchema, handler: async (_i, admin) => ok(await operators.me(admin)) }),

    adminRoute({ path: '/admin/api/operators/list', permission: 'operators.manage', schema: operatorListSchema, handler: async (i) =>
      ok(await operators.list({ username: i.username, role: i.role, status: i.status }, i.page, i.per_page)) }),
    adminRoute({ path: '/admin/api/operators/create', permission: 'operators.manage', schema: operatorCreateSchema, handler: async (i, admin, req) => ok(await operators.create(admin, i, clientMeta(req))) }),
    adminRoute({ path: '/admin/api/operators/update', permission: 'operators.manage', schema: operatorUpdateSchema, handler: async (i, admin, req) => ok(await operators.update(admin, i, clientMeta(req))) }),
    adminRoute({ path: '/admin/api/operators/disable', permission: 'operators.manage', schema: operatorTargetSchema, handler: async (i, admin, req) => ok(await operators.setStatus(admin, i.username, 0, clientMeta(req))) }),
    adminRoute({ path: '/admin/api/operators/enable', permission: 'operators.manage', schema: operatorTargetSchema, handler: async (i, admin, req) => ok(await operators.setStatus(admin, i.username, 1, clientMeta(req))) }),
    adminRoute({ path: '/admin/api/operators/reset-password', permission: 'operators.manage', schema: operatorResetPasswordSchema, handler: async (i, admin, req) => {
      await operators.resetPassword(admin, i.username, i.password, clientMeta(req));
      return ok(null, OPS_MSG.ok);
    } }),
    adminRoute({ path: '/admin/api/operators/reset-totp', permission: 'operators.manage', schema: operatorTargetSchema, handler: async (i, admin, req) => {
      await operators.resetTotp(admin, i.username, clientMeta(req));
      return ok(null, OPS_MSG.ok);
    } }),

    adminRoute({ path: '/admin/api/roles/list', permission: 'operators.manage', schema: roleListSchema, handler: async () => ok(await operators.roles()) }),
    adminRoute({ path: '/admin/api/roles/create', permission: 'operators.manage', schema: roleCreateSchema, handler: async (i, admin, req) => ok(await operators.createRole(admin, i, clientMeta(req))) }),
    adminRoute({ path: '/admin/api/roles/update', permission: 'operators.manage', schema: roleUpdateSchema, handler: async (i, admin, req) => ok(await operators.updateRole(admin, i, clientMeta(req))) }),

    adminRoute({ path: '/admin/api/audit/list', permission: 'audit.view', schema: auditListSchema, handler: async (i) => ok(await listAudit(db, i)) }),

    adminRoute({ path: '/admin/api/settings/get', permission: 'settings.view', schema: settingsGetSchema, handler: async () => ok(await settings.get()) }),
    adminRoute({ path: '/admin/api/settings/update', permission: 'settings.update', schema: settingsUpdateSchema, handler: async (i, admin, req) =>
      ok(await settings.update(admin, i, clientMeta(req)), SETTINGS_MSG.saved) }),
  ]);
}
