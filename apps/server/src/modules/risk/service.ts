import { ADMIN_MEMBER_MSG, CODE, RISK_MSG, type RiskLevel } from '@casino/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import type { SessionAdmin } from '../../http/auth.ts';
import { refuse } from '../../http/envelope.ts';
import { audit } from '../audit/index.ts';
import { cardVaultOf, normalizedNumber } from '../cards/index.ts';
import { addressFilter } from './addresses.ts';
import { asRiskLevel, riskLevelHistory } from './levels.ts';
import { linkCount, memberLinks, memberLogins, searchValue } from './links.ts';

/** The risk desk (issue 36): sign-in log, links, search, and operators setting risk levels. */
export function createRiskService(ctx: AppContext) {
  const { db } = ctx;
  const filter = addressFilter(ctx.config.trustedProxies ?? []);
  const vault = cardVaultOf(ctx.config);
  const fingerprints = (kind: 'card' | 'usdt', value: string) => {
    if (kind === 'card') return vault.fingerprints(normalizedNumber(1, '', value));
    // a TRC20 address keeps its case; an ERC20 one is kept lower-cased
    return [...new Set([...vault.fingerprints(normalizedNumber(2, 'TRC20', value)), ...vault.fingerprints(normalizedNumber(2, 'ERC20', value))])];
  };

  return {
    filter,
    logins: (username: string, page: number, perPage: number) => memberLogins(db, username, page, perPage),
    links: (username: string) => memberLinks(db, filter, username),
    linkCount: (username: string) => linkCount(db, filter, username),
    search: (kind: Parameters<typeof searchValue>[3], value: string) => searchValue(db, filter, { fingerprints }, kind, value),

    history: (memberId: number) => riskLevelHistory(db, memberId),

    /** /admin/api/members/risk-level: the new level, its history row and the audit row commit together */
    async setLevel(admin: SessionAdmin, username: string, level: RiskLevel, reason: string, meta: { ip: string }) {
      return db.transaction().execute(async (trx: Kysely<DB>) => {
        const m = await trx.selectFrom('members').select(['id', 'username', 'risk_level']).where('username', '=', username.toLowerCase()).executeTakeFirst();
        if (!m) refuse(ADMIN_MEMBER_MSG.notFound, CODE.notFound);
        const before = asRiskLevel(m.risk_level);
        if (before === level) refuse(RISK_MSG.sameLevel);
        // conditional on the level read: two operators at once, one wins and the other is told
        const r = await trx.updateTable('members').set({ risk_level: level }).where('id', '=', m.id).where('risk_level', '=', m.risk_level).executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) refuse(RISK_MSG.sameLevel);
        const now = Date.now();
        await trx.insertInto('risk_level_changes').values({ member_id: m.id, before, after: level, reason, admin_id: admin.adminId, created_at: now }).execute();
        await audit(trx, { adminId: admin.adminId, action: 'member.risk_level', target: `member:${m.id}`, detail: { username: m.username, reason, before: { risk_level: before }, after: { risk_level: level } }, ip: meta.ip, now });
        return { username: m.username, before, level };
      });
    },
  };
}
export type RiskService = ReturnType<typeof createRiskService>;
