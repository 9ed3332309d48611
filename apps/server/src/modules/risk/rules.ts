import { fenToYuan, RISK_MONEY_PARAMS, RISK_PARAM_SCHEMAS, RISK_RULE_DEFAULTS, RISK_RULES, type RiskRule, type RiskRuleCode, type RiskRuleParams, type RiskRulesUpdateInput } from '@casino/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { SessionAdmin } from '../../http/auth.ts';
import { toWireTime } from '../../lib/time.ts';
import { audit } from '../audit/index.ts';

/**
 * The rules' operator-set thresholds (issue 36 point 3): a risk_rules row per rule (params as JSON,
 * amounts in fen), the contract's defaults where no row is kept or a kept value no longer passes
 * the rule's schema. Changes are audited with before and after.
 */

export type RuleSettings = { [K in RiskRuleCode]: { enabled: boolean; params: RiskRuleParams[K] } };

const n = (v: unknown) => Number(v ?? 0);

/** fen params to yuan for the wire (and the audit row) */
export function paramsToWire(params: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, RISK_MONEY_PARAMS.has(k) ? fenToYuan(v) : v]));
}

/** kept (fen) params through the rule's schema, which reads yuan: the defaults when they do not pass */
function keptParams<K extends RiskRuleCode>(rule: K, json: string | undefined): RiskRuleParams[K] {
  if (json === undefined) return RISK_RULE_DEFAULTS[rule].params;
  try {
    const parsed = RISK_PARAM_SCHEMAS[rule].safeParse(paramsToWire(JSON.parse(json) as Record<string, number>));
    if (parsed.success) return parsed.data as RiskRuleParams[K];
  } catch {
    // unreadable: the defaults
  }
  return RISK_RULE_DEFAULTS[rule].params;
}

export async function loadRules(db: Kysely<DB>): Promise<RuleSettings> {
  const rows = await db.selectFrom('risk_rules').selectAll().execute();
  const byRule = new Map(rows.map((r) => [r.rule, r]));
  const out = {} as Record<RiskRuleCode, { enabled: boolean; params: unknown }>;
  for (const rule of RISK_RULES) {
    const row = byRule.get(rule);
    out[rule] = { enabled: row ? n(row.enabled) === 1 : RISK_RULE_DEFAULTS[rule].enabled, params: keptParams(rule, row?.params) };
  }
  return out as RuleSettings;
}

/** /admin/api/risk/rules: every rule with its thresholds (yuan), who set them last and its open events */
export async function listRules(db: Kysely<DB>): Promise<{ rules: RiskRule[] }> {
  const [settings, rows, open] = await Promise.all([
    loadRules(db),
    db.selectFrom('risk_rules as r').leftJoin('admins as a', 'a.id', 'r.updated_by').select(['r.rule', 'r.updated_at', 'a.username']).execute(),
    db.selectFrom('risk_events').select(['rule', sql<number>`count(*)`.as('n')]).where('state', '=', 'open').groupBy('rule').execute(),
  ]);
  const meta = new Map(rows.map((r) => [r.rule, r]));
  const openBy = new Map(open.map((r) => [r.rule, n(r.n)]));
  return {
    rules: RISK_RULES.map((rule) => {
      const m = meta.get(rule);
      return {
        rule,
        enabled: settings[rule].enabled,
        params: paramsToWire(settings[rule].params as Record<string, number>),
        updated_by: m?.username ?? null,
        updated_at: m?.updated_at ? toWireTime(n(m.updated_at)) : null,
        open: openBy.get(rule) ?? 0,
      };
    }),
  };
}

/** /admin/api/risk/rules-update: the rule's new thresholds and the audit row (before, after) commit together */
export async function updateRule(db: Kysely<DB>, admin: SessionAdmin, input: RiskRulesUpdateInput, meta: { ip: string }): Promise<RiskRule> {
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    const before = (await loadRules(trx))[input.rule];
    const params = JSON.stringify(input.params);
    await trx
      .insertInto('risk_rules')
      .values({ rule: input.rule, enabled: input.enabled ? 1 : 0, params, updated_by: admin.adminId, updated_at: now })
      .onConflict((oc) => oc.column('rule').doUpdateSet({ enabled: input.enabled ? 1 : 0, params, updated_by: admin.adminId, updated_at: now }))
      .execute();
    await audit(trx, {
      adminId: admin.adminId,
      action: 'risk.rules_update',
      target: `risk_rule:${input.rule}`,
      detail: {
        rule: input.rule,
        before: { enabled: before.enabled, ...paramsToWire(before.params as Record<string, number>) },
        after: { enabled: input.enabled, ...paramsToWire(input.params) },
      },
      ip: meta.ip,
      now,
    });
  });
  return (await listRules(db)).rules.find((r) => r.rule === input.rule)!;
}
