import { sql, type Kysely } from 'kysely';

/**
 * Issue 36 point 5 (注单查询, DESIGN.md sections 8 and 15): the operators' search over every bet,
 * newest first, paged from either end of an index at any size:
 * - bets (created_at, id): no filter, or filters without an index of their own (stake, result);
 * - bets (platform, created_at, id) and (game_code, created_at, id): a venue, a game;
 * - bets (status, created_at, id) for unsettled and void bets only (partial: settled bets are
 *   nearly all of them and are read through the time index); queries repeat `status <> 1` so
 *   SQLite, which matches a partial index's condition by its terms, uses it too.
 * A member's bets already have (member_id, created_at, id), settle times (settled_at).
 * The built-in finance, risk and auditor roles of a site made before issue 36 get risk.view, the
 * risk role risk.manage (a new site's roles come with them from DEFAULT_ROLES).
 */
export function m039() {
  return {
    async up(db: Kysely<any>) {
      await db.schema.createIndex('bets_time').on('bets').columns(['created_at', 'id']).execute();
      await db.schema.createIndex('bets_platform_time').on('bets').columns(['platform', 'created_at', 'id']).execute();
      await db.schema.createIndex('bets_game_time').on('bets').columns(['game_code', 'created_at', 'id']).execute();
      await db.schema.createIndex('bets_open_time').on('bets').columns(['status', 'created_at', 'id']).where(sql.ref('status'), '<>', sql.lit(1)).execute();

      const want: Record<string, string[]> = { finance: ['risk.view'], auditor: ['risk.view'], risk: ['risk.view', 'risk.manage'] };
      for (const [code, slugs] of Object.entries(want)) {
        const role = await db.selectFrom('admin_roles').select(['permissions']).where('code', '=', code).where('builtin', '=', 1).executeTakeFirst();
        if (!role) continue;
        const grants = JSON.parse(role.permissions) as string[];
        const missing = slugs.filter((s) => !grants.includes(s));
        if (grants.includes('*') || !missing.length) continue;
        await db.updateTable('admin_roles').set({ permissions: JSON.stringify([...grants, ...missing]), updated_at: Date.now() }).where('code', '=', code).execute();
      }
    },
    async down(db: Kysely<any>) {
      for (const name of ['bets_open_time', 'bets_game_time', 'bets_platform_time', 'bets_time']) await db.schema.dropIndex(name).execute();
    },
  };
}
