import { randomUUID } from 'node:crypto';
import { ADMIN_MSG, CODE, fenToYuan, type AdminAdjustInput } from '@casino/contract';
import type { AppContext } from '../../context.ts';
import type { SessionAdmin } from '../../http/auth.ts';
import { refuse } from '../../http/envelope.ts';
import { burnVerify, verifyPassword, type Sessions } from '../accounts/index.ts';
import { isInsufficientFunds, wallet } from '../wallet/index.ts';
import * as repo from './repo.ts';

export interface ClientMeta {
  ip: string;
  userAgent: string;
}

export function createBackofficeService(ctx: AppContext, sessions: Sessions) {
  const { db } = ctx;
  const limits = {
    loginIp: ctx.limiter({ name: 'admin_login_ip', points: 10, durationSec: 15 * 60, blockSec: 30 * 60 }),
    loginAccount: ctx.limiter({ name: 'admin_login_acct', points: 5, durationSec: 15 * 60, blockSec: 30 * 60 }),
  };

  return {
    async login(username: string, password: string, meta: ClientMeta): Promise<string> {
      await limits.loginIp.assertOpen(meta.ip);
      await limits.loginAccount.assertOpen(username);
      const admin = await repo.adminByUsername(db, username);
      const good = admin ? await verifyPassword(admin.password_hash, password) : await burnVerify(password);
      if (!admin || !good) {
        await limits.loginIp.hit(meta.ip);
        await limits.loginAccount.hit(username);
        refuse(ADMIN_MSG.loginFailed);
      }
      await limits.loginAccount.reset(username);
      return db.transaction().execute(async (trx) => {
        const token = await sessions.create(trx, admin.id, meta);
        await repo.audit(trx, { adminId: admin.id, action: 'login', target: `admin:${admin.id}`, detail: {}, ip: meta.ip });
        return token;
      });
    },

    async lookup(token: string): Promise<SessionAdmin | null> {
      const session = await sessions.lookup(token);
      if (!session) return null;
      const admin = await repo.adminById(db, session.subjectId);
      return admin ? { adminId: admin.id, username: admin.username, role: admin.role, tokenHash: session.tokenHash } : null;
    },

    logout: (tokenHash: string) => sessions.revoke(tokenHash),

    /**
     * Credits (positive) or debits (negative) a member's central wallet through the ledger,
     * recorded with the operator and reason in the entry and in the audit log, in one
     * transaction. A retry with the same request_id has one effect.
     */
    async adjust(admin: SessionAdmin, input: AdminAdjustInput, meta: ClientMeta) {
      const member = await repo.memberByUsername(db, input.username.toLowerCase());
      if (!member) refuse(ADMIN_MSG.memberNotFound);
      const requestId = input.request_id ?? randomUUID();
      const movement = {
        memberId: member.id,
        amount: Math.abs(input.amount),
        reference: `admin-adjust:${requestId}`,
        idempotencyKey: `admin-adjust:${requestId}`,
        memo: input.reason,
        createdBy: `admin:${admin.adminId}`,
      };
      try {
        const result = await db.transaction().execute(async (trx) => {
          const posted =
            input.amount > 0
              ? await wallet.creditFromHouse(trx, { ...movement, house: 'adjustments' })
              : await wallet.debitToHouse(trx, movement);
          if (!posted.replayed) {
            const turnover = input.amount > 0 ? input.amount * (input.turnover_multiple ?? 0) : 0;
            if (turnover > 0) await repo.addTurnover(trx, member.id, turnover);
            await repo.audit(trx, {
              adminId: admin.adminId,
              action: 'member.adjust',
              target: `member:${member.id}`,
              detail: { username: member.username, amount_fen: input.amount, reason: input.reason, turnover_fen: turnover, entry_id: posted.entry.id },
              ip: meta.ip,
            });
          }
          return posted;
        });
        const balance = await wallet.centralBalance(db, member.id);
        return { username: member.username, balance: fenToYuan(balance), entry_id: result.entry.id, replayed: result.replayed };
      } catch (e) {
        if (isInsufficientFunds(e)) refuse(ADMIN_MSG.insufficient);
        if ((e as { code?: string }).code === 'idempotency_key_reused') refuse('该请求编号已用于另一笔调整', CODE.invalid);
        throw e;
      }
    },
  };
}
export type BackofficeService = ReturnType<typeof createBackofficeService>;
