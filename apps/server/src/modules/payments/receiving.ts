import { CODE, grants, PAY_MSG, RECEIVING_MSG, USDT_PROTOCOLS } from '@casino/contract';
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
  // migration 051: handed to members only once a second operator approved the details as they are
  approved: a.approved_at !== null,
  changed_by: a.changed_by === null ? null : Number(a.changed_by),
});

/** the fields that decide where a member pays: a change of any waits for a second operator */
const WHERE_MONEY_GOES = ['bank_name', 'bank_owner', 'bank_no', 'bank_address'] as const;

/** The operator's receiving bank cards and USDT addresses (handed to manual deposits round-robin). */
export function createReceiving(ctx: AppContext) {
  const { db } = ctx;
  return {
    async list() {
      return (await repo.listAccounts(db)).map(toRow);
    },
    async create(admin: SessionAdmin, input: z.output<typeof adminReceivingCreateSchema>, ip: string) {
      return db.transaction().execute(async (trx) => {
        // a second operator approves it before any member is told to pay there
        const row = await repo.insertAccount(trx, { ...input, created_at: Date.now(), changed_by: admin.adminId });
        await audit(trx, { adminId: admin.adminId, action: 'deposit_account.create', target: `deposit_account:${row.id}`, detail: { after: toRow(row) }, ip });
        return toRow(row);
      });
    },
    async update(admin: SessionAdmin, input: z.output<typeof adminReceivingUpdateSchema>, ip: string) {
      const { id, ...set } = input;
      return db.transaction().execute(async (trx) => {
        const before = await repo.accountById(trx, id);
        if (!before) refuse(RECEIVING_MSG.notFound, CODE.notFound);
        // a body naming no field changes nothing (and must not reach SQL as an empty SET)
        if (!Object.values(set).some((v) => v !== undefined)) return toRow(before);
        // the account as it would be must still pass the create rules: a card keeps its owner, an address its protocol
        const owner = set.bank_owner ?? before.bank_owner;
        const name = set.bank_name ?? before.bank_name;
        if (before.type === 'bank' && owner === '') refuse(RECEIVING_MSG.owner);
        if (before.type === 'usdt' && !(USDT_PROTOCOLS as readonly string[]).includes(name)) refuse(PAY_MSG.protocol);
        // new details wait for a second operator (out of the rotation until then); on / off stays immediate
        const moved = WHERE_MONEY_GOES.some((k) => set[k] !== undefined && set[k] !== before[k]);
        const after = await repo.updateAccount(trx, id, moved ? { ...set, approved_at: null, approved_by: null, changed_by: admin.adminId } : set);
        if (!after) refuse(RECEIVING_MSG.notFound, CODE.notFound);
        await audit(trx, { adminId: admin.adminId, action: 'deposit_account.update', target: `deposit_account:${id}`, detail: { before: toRow(before), after: toRow(after) }, ip });
        return toRow(after);
      });
    },

    /**
     * A second operator (payments.channels_keys, not who made the details) approves a new account or
     * changed details: from now on members' orders may be pointed there. A change made meanwhile
     * makes the approval miss (the details approved are the ones read).
     */
    async approve(admin: SessionAdmin, id: number, ip: string) {
      if (!grants(admin.permissions, 'payments.channels_keys')) refuse(RECEIVING_MSG.approveForbidden, CODE.forbidden);
      return db.transaction().execute(async (trx) => {
        const before = await repo.accountById(trx, id);
        if (!before) refuse(RECEIVING_MSG.notFound, CODE.notFound);
        if (before.approved_at !== null) return { row: toRow(before), message: RECEIVING_MSG.alreadyApproved };
        if (before.changed_by !== null && Number(before.changed_by) === admin.adminId) refuse(RECEIVING_MSG.sameApprover, CODE.forbidden);
        const now = Date.now();
        let q = trx.updateTable('deposit_accounts').set({ approved_at: now, approved_by: admin.adminId }).where('id', '=', id).where('approved_at', 'is', null);
        q = before.changed_by === null ? q.where('changed_by', 'is', null) : q.where('changed_by', '=', before.changed_by);
        for (const k of WHERE_MONEY_GOES) q = q.where(k, '=', before[k]);
        const done = await q.executeTakeFirst();
        if (Number(done.numUpdatedRows) !== 1) refuse(RECEIVING_MSG.alreadyApproved);
        const after = (await repo.accountById(trx, id))!;
        await audit(trx, { adminId: admin.adminId, action: 'deposit_account.approve', target: `deposit_account:${id}`, detail: { changed_by: before.changed_by, before: toRow(before), after: toRow(after) }, ip });
        return { row: toRow(after), message: RECEIVING_MSG.approved };
      });
    },
  };
}
export type Receiving = ReturnType<typeof createReceiving>;
