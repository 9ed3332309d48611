import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../db/index.ts';
import { normalizedNumber, type CardVault } from '../modules/cards/index.ts';
import { resealChannelKey, sealedChannelKeys } from '../modules/payment-channels/index.ts'; // issue 21

/**
 * CARD_KEY rotation (issue 23): every value sealed with the card vault is opened (with the
 * current or the previous key) and sealed again with the current key; card fingerprints are
 * recomputed with the current key, in the cards and in the withdrawals that copied them (their
 * risk notes match on them). Each row is updated only if it still holds what was read, so the
 * command may run while servers (all holding both keys) keep working; it may be run again
 * after an interruption and finishes what is left.
 */

export interface RotationReport {
  cards: number;
  withdrawals: number;
  operatorSecrets: number;
  /** issue 21: payment channels' merchant keys */
  channelKeys: number;
  /** values neither key opens (left as they are) */
  unreadable: number;
  /** values still not sealed with the current key after the run */
  remaining: number;
}

const PAGE = 500;

export async function resealAll(db: Kysely<DB>, vault: CardVault): Promise<RotationReport> {
  const report: RotationReport = { cards: 0, withdrawals: 0, operatorSecrets: 0, channelKeys: 0, unreadable: 0, remaining: 0 };
  /** previous fingerprint -> current one, for the withdrawals */
  const renamed = new Map<string, string>();
  for (let after = 0; ; ) {
    const rows = await db.selectFrom('member_cards').select(['id', 'type', 'bank_owner', 'bank_no', 'number_key']).where('id', '>', after).orderBy('id').limit(PAGE).execute();
    if (rows.length === 0) break;
    after = rows[rows.length - 1].id;
    for (const row of rows) {
      let plain: string;
      try {
        plain = vault.open(row.bank_no);
      } catch {
        report.unreadable++;
        continue;
      }
      const key = vault.fingerprint(normalizedNumber(row.type as 1 | 2, row.bank_owner, plain));
      if (key !== row.number_key) renamed.set(row.number_key, key);
      if (vault.isCurrent(row.bank_no) && key === row.number_key) continue;
      const done = await db
        .updateTable('member_cards')
        .set({ bank_no: vault.seal(plain), number_key: key })
        .where('id', '=', row.id)
        .where('bank_no', '=', row.bank_no)
        .executeTakeFirst();
      report.cards += Number(done.numUpdatedRows);
    }
  }
  for (const [from, to] of renamed) {
    const done = await db.updateTable('withdrawals').set({ number_key: to }).where('number_key', '=', from).executeTakeFirst();
    report.withdrawals += Number(done.numUpdatedRows);
  }
  const admins = await db.selectFrom('admins').select(['id', 'totp_secret', 'totp_pending']).execute();
  for (const a of admins) {
    for (const column of ['totp_secret', 'totp_pending'] as const) {
      const sealed = a[column];
      if (!sealed || vault.isCurrent(sealed)) continue;
      let plain: string;
      try {
        plain = vault.open(sealed);
      } catch {
        report.unreadable++;
        continue;
      }
      const done = await db.updateTable('admins').set({ [column]: vault.seal(plain) }).where('id', '=', a.id).where(column, '=', sealed).executeTakeFirst();
      report.operatorSecrets += Number(done.numUpdatedRows);
    }
  }
  // issue 21: payment channels' keys (a few rows)
  for (const ch of await sealedChannelKeys(db)) {
    for (const column of ['sign_key', 'notify_key'] as const) {
      const sealed = ch[column];
      if (!sealed || vault.isCurrent(sealed)) continue;
      let plain: string;
      try {
        plain = vault.open(sealed);
      } catch {
        report.unreadable++;
        continue;
      }
      if (await resealChannelKey(db, Number(ch.id), column, sealed, vault.seal(plain))) report.channelKeys++;
    }
  }
  // what is left (a row changed under us, or unreadable): the operator runs the command again
  const cards = await db.selectFrom('member_cards').select('bank_no').execute();
  const secrets = (await db.selectFrom('admins').select(['totp_secret', 'totp_pending']).execute()).flatMap((a) => [a.totp_secret, a.totp_pending]).filter((s): s is string => Boolean(s));
  const channelKeys = (await sealedChannelKeys(db)).flatMap((c) => [c.sign_key, c.notify_key]).filter(Boolean);
  report.remaining = [...cards.map((c) => c.bank_no), ...secrets, ...channelKeys].filter((s) => !vault.isCurrent(s)).length;
  return report;
}

/**
 * File mode (no CARD_KEY): the first run moves card.key to card.key.old and makes a new
 * card.key; a later run (card.key.old present) only finishes the re-sealing. Answers whether a
 * new key was made. With CARD_KEY set nothing is written: CARD_KEY_OLD names the previous key.
 */
export function startFileRotation(dataDir: string): boolean {
  const key = path.join(dataDir, 'card.key');
  const old = path.join(dataDir, 'card.key.old');
  if (fs.existsSync(old)) return false;
  if (!fs.existsSync(key)) throw new Error(`no ${key} to rotate`);
  fs.renameSync(key, old);
  fs.writeFileSync(key, crypto.randomBytes(32).toString('hex') + '\n', { flag: 'wx', mode: 0o600 });
  return true;
}
