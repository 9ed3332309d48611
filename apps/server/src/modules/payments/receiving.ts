import { CODE, PAY_MSG, RECEIVING_MSG, USDT_PROTOCOLS } from '@casino/contract';
import type { z } from 'zod';
import type { adminReceivingCreateSchema, adminReceivingUpdateSchema } from '@casino/contract';
import type { AppContext } from '../../context.ts';
import type { DepositAccount } from '../../db/schema.ts';
import type { SessionAdmin } from '../../http/auth.ts';
import { refuse } from '../../http/envelope.ts';
import { toWireTime } from '../../lib/time.ts';
import { audit } from '../audit/index.ts';
import * as repo from './repo.ts';

const toRow = (a: DepositAccount) => ({
  id: Number(a.id),
  type: a.type,
  bank_name: a.bank_name,
  bank_owner: a.bank_owner,
  bank_no: a.bank_no,
  bank_address: a.bank_address,
  enabled: Number(a.enabled),
  uses: Number(a.uses),
  last_used_at: Number(a.last_used_at) ? toWireTime(Number(a.last_used_at)) : null,
  created_at: toWireTime(Number(a.created_at)),
});

/** The operator's receiving bank cards and USDT addresses (handed to manual deposits round-robin). */
export function createReceiving(ctx: AppContext) {
  const { db } = ctx;
  return {
    async list() {
      return (await repo.listAccounts(db)).map(toRow);
    },
    async create(admin: SessionAdmin, input: z.output<typeof adminReceivingCreateSchema>, ip: string) {
      return db.transaction().execute(async (trx) => {
        const row = await repo.insertAccount(trx, { ...input, created_at: Date.now() });
        await audit(trx, { adminId: admin.adminId, action: 'deposit_account.create', target: `deposit_account:${row.id}`, detail: { after: toRow(row) }, ip });
        return toRow(row);
      });
    },
    async update(admin: SessionAdmin, input: z.output<typeof adminReceivingUpdateSchema>, ip: string) {
      const { id, ...set } = input;
      return db.transaction().execute(async (trx) => {
        const before = (await repo.listAccounts(trx)).find((a) => Number(a.id) === id);
        if (!before) refuse(RECEIVING_MSG.notFound, CODE.notFound);
        // a body naming no field changes nothing (and must not reach SQL as an empty SET)
        if (!Object.values(set).some((v) => v !== undefined)) return toRow(before);
        // the account as it would be must still pass the create rules: a card keeps its owner, an address its protocol
        const owner = set.bank_owner ?? before.bank_owner;
        const name = set.bank_name ?? before.bank_name;
        if (before.type === 'bank' && owner === '') refuse(RECEIVING_MSG.owner);
        if (before.type === 'usdt' && !(USDT_PROTOCOLS as readonly string[]).includes(name)) refuse(PAY_MSG.protocol);
        const after = await repo.updateAccount(trx, id, set);
        if (!after) refuse(RECEIVING_MSG.notFound, CODE.notFound);
        await audit(trx, { adminId: admin.adminId, action: 'deposit_account.update', target: `deposit_account:${id}`, detail: { before: toRow(before), after: toRow(after) }, ip });
        return toRow(after);
      });
    },
  };
}
export type Receiving = ReturnType<typeof createReceiving>;
