import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, VipLevelsTable } from '../../db/schema.ts';

/**
 * The VIP table's one set of SQL (issue 13): the content module reads it for /api/uservip
 * (repo.vipLevels), promotions reads it for rates and thresholds, and the back-office writes it
 * through these, inside the caller's transaction (the audit row commits with the change).
 */
export type VipLevelRecord = Selectable<VipLevelsTable>;

export const vipLevelRepo = {
  all(db: Kysely<DB>): Promise<VipLevelRecord[]> {
    return db.selectFrom('vip_levels').selectAll().orderBy('level', 'asc').execute();
  },
  one(db: Kysely<DB>, level: number): Promise<VipLevelRecord | undefined> {
    return db.selectFrom('vip_levels').selectAll().where('level', '=', level).executeTakeFirst();
  },
  /** the levels either side of `level` (thresholds must rise level by level) */
  neighbours(db: Kysely<DB>, level: number) {
    return Promise.all([
      db.selectFrom('vip_levels').selectAll().where('level', '<', level).orderBy('level', 'desc').limit(1).executeTakeFirst(),
      db.selectFrom('vip_levels').selectAll().where('level', '>', level).orderBy('level', 'asc').limit(1).executeTakeFirst(),
    ]);
  },
  highest(db: Kysely<DB>): Promise<number | null> {
    return db
      .selectFrom('vip_levels')
      .select('level')
      .orderBy('level', 'desc')
      .limit(1)
      .executeTakeFirst()
      .then((r) => (r ? Number(r.level) : null));
  },
  /** inserts unless the level exists; answers whether it did */
  async insert(db: Kysely<DB>, row: Insertable<VipLevelsTable>): Promise<boolean> {
    const r = await db.insertInto('vip_levels').values(row).onConflict((oc) => oc.column('level').doNothing()).returning('level').executeTakeFirst();
    return r !== undefined;
  },
  async update(db: Kysely<DB>, level: number, row: Omit<Insertable<VipLevelsTable>, 'level'>): Promise<VipLevelRecord | undefined> {
    return db.updateTable('vip_levels').set(row).where('level', '=', level).returningAll().executeTakeFirst();
  },
  async remove(db: Kysely<DB>, level: number): Promise<boolean> {
    const r = await db.deleteFrom('vip_levels').where('level', '=', level).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },
};
