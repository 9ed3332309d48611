import type { Kysely } from 'kysely';
import type { DB } from '../../db/index.ts';
import { startsWith } from '../../db/like.ts';

/** SQL of operators and roles (issue 12). */

export function operatorByUsername(db: Kysely<DB>, username: string) {
  return db.selectFrom('admins').selectAll().where('username', '=', username).executeTakeFirst();
}

export function operatorById(db: Kysely<DB>, id: number) {
  return db.selectFrom('admins').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The operator of a session with the slugs of their role, in one query (every /admin/api call). */
export function sessionOperator(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('admins')
    .leftJoin('admin_roles', 'admin_roles.code', 'admins.role')
    // issue 25: the first-sign-in flags (own password; a second factor enrolled or not)
    .select(['admins.id', 'admins.username', 'admins.role', 'admins.status', 'admins.ip_allowlist', 'admin_roles.permissions', 'admins.must_change_password', 'admins.totp_secret'])
    .where('admins.id', '=', id)
    .executeTakeFirst();
}

export function roleByCode(db: Kysely<DB>, code: string) {
  return db.selectFrom('admin_roles').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function roles(db: Kysely<DB>) {
  const [rows, counts] = await Promise.all([
    db.selectFrom('admin_roles').selectAll().orderBy('builtin', 'desc').orderBy('created_at').orderBy('code').execute(),
    db.selectFrom('admins').select(['role', (eb) => eb.fn.countAll<number>().as('n')]).where('status', '=', 1).groupBy('role').execute(),
  ]);
  const n = new Map(counts.map((c) => [c.role, Number(c.n)]));
  return rows.map((r) => ({ ...r, operators: n.get(r.code) ?? 0 }));
}

export async function listOperators(db: Kysely<DB>, f: { username?: string; exact?: boolean; role?: string; status?: 0 | 1 }, page: number, perPage: number) {
  let q = db.selectFrom('admins');
  if (f.username) q = f.exact ? q.where('admins.username', '=', f.username) : q.where(startsWith('admins.username', f.username.toLowerCase()));
  if (f.role) q = q.where('admins.role', '=', f.role);
  if (f.status !== undefined) q = q.where('admins.status', '=', f.status);
  const [rows, total] = await Promise.all([
    q
      .leftJoin('admin_roles', 'admin_roles.code', 'admins.role')
      .leftJoin('admins as creator', 'creator.id', 'admins.created_by')
      .select([
        'admins.id', 'admins.username', 'admins.role', 'admins.status', 'admins.totp_secret', 'admins.ip_allowlist', 'admins.created_at',
        'admins.last_login_at', 'admins.last_login_ip', 'admin_roles.name as role_name', 'creator.username as created_by',
      ])
      .orderBy('admins.id')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Active operators holding '*' (a site keeps at least one). */
export async function activeSuperCount(db: Kysely<DB>): Promise<number> {
  const rows = await db
    .selectFrom('admins')
    .innerJoin('admin_roles', 'admin_roles.code', 'admins.role')
    .select('admin_roles.permissions')
    .where('admins.status', '=', 1)
    .execute();
  return rows.filter((r) => (JSON.parse(r.permissions) as string[]).includes('*')).length;
}
