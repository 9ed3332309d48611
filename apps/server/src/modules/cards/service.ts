import {
  CARD_LIMITS,
  CARD_MSG,
  CARD_TYPE,
  CODE,
  maskCardNo,
  USDT_BANK,
  type BankBindInput,
  type BankType,
  type CardItem,
  type CardType,
  type UsdtBindInput,
} from '@casino/contract';
import type { AppContext } from '../../context.ts';
import type { MemberCard } from '../../db/schema.ts';
import { refuse } from '../../http/envelope.ts';
import { toWireTime } from '../../lib/time.ts';
import * as repo from './repo.ts';
import type { CardVault } from './vault.ts';

/** What the cards need of the accounts module, and the vault their numbers are sealed with. */
export interface CardsDeps {
  vault: CardVault;
  /** refuses with `wrong` unless it is the member's payment password (one counter per member) */
  checkPayPassword(memberId: number, plain: string, wrong: string): Promise<unknown>;
}

export type BindInput = { kind: 'usdt'; input: UsdtBindInput } | { kind: 'bank'; input: BankBindInput };

/** What duplicates are judged by: card digits; TRC20 as written (base58 is case-sensitive); ERC20 in lower case. */
export function normalizedNumber(type: CardType, protocol: string, bankNo: string): string {
  return type === CARD_TYPE.usdt && protocol === 'ERC20' ? bankNo.toLowerCase() : bankNo;
}

/** A card as the member sees it: the last 4 only, whatever the call. */
export function toCardItem(card: MemberCard): CardItem {
  return {
    id: card.id,
    bank: card.bank,
    bank_owner: card.bank_owner,
    bank_no: maskCardNo(card.bank_no_last4),
    bank_address: card.bank_address,
    ico: card.ico,
    created_at: toWireTime(card.created_at),
  };
}

/** a lost race for a slot is retried this many times before giving up */
const SLOT_ATTEMPTS = 6;

/**
 * Bank cards and USDT addresses: at most 5 active of each type per member, a number bound once,
 * the payment password checked on every bind (wrong ones counted per member and paused like
 * logins), unbinding kept as a record. Every query names the session's member.
 */
export function createCardsService(ctx: AppContext, deps: CardsDeps) {
  const { db } = ctx;
  const limits = {
    // binds per member (each unbind leaves a record behind): 30 an hour
    bind: ctx.limiter({ name: 'card_bind', points: 30, durationSec: 60 * 60 }),
  };

  const opened = (card: MemberCard): MemberCard => ({ ...card, bank_no: deps.vault.open(card.bank_no) });

  return {
    async list(memberId: number, type: CardType): Promise<CardItem[]> {
      return (await repo.activeCards(db, memberId, type)).map(toCardItem);
    },

    async banks(): Promise<BankType[]> {
      return (await repo.enabledBanks(db)).map((b) => ({ bank_name: b.name, ico: b.code }));
    },

    /** Rules after the schema's: a listed bank, room for one more, the payment password, no duplicate. */
    async bind(memberId: number, req: BindInput): Promise<CardItem> {
      const type: CardType = req.kind === 'usdt' ? CARD_TYPE.usdt : CARD_TYPE.bank;
      const full = type === CARD_TYPE.usdt ? CARD_MSG.usdtLimit : CARD_MSG.bankLimit;
      const duplicate = type === CARD_TYPE.usdt ? CARD_MSG.usdtDuplicate : CARD_MSG.bankDuplicate;

      let bank: string;
      let ico: string;
      let bankAddress: string;
      if (req.kind === 'usdt') {
        bank = USDT_BANK;
        ico = req.input.bank_owner.toLowerCase();
        bankAddress = '';
      } else {
        const listed = await repo.enabledBank(db, req.input.bank);
        if (!listed) refuse(CARD_MSG.bankRequired);
        bank = listed.name;
        ico = listed.code;
        bankAddress = req.input.bank_address;
      }
      const { bank_owner: owner, bank_no: bankNo, pay_pass: payPass } = req.input;
      const key = deps.vault.fingerprint(normalizedNumber(type, owner, bankNo));
      // issue 23: during a key rotation a row not yet re-sealed holds the previous key's fingerprint
      const keys = deps.vault.fingerprints(normalizedNumber(type, owner, bankNo));

      const before = await repo.activeCards(db, memberId, type);
      if (before.length >= CARD_LIMITS.perType) refuse(full);
      await deps.checkPayPassword(memberId, payPass, CARD_MSG.payPassWrong);
      await limits.bind.hit(String(memberId));

      for (let attempt = 0; attempt < SLOT_ATTEMPTS; attempt++) {
        const active = attempt === 0 ? before : await repo.activeCards(db, memberId, type);
        if (active.some((c) => keys.includes(c.number_key))) refuse(duplicate);
        const taken = new Set(active.map((c) => c.slot));
        const slot = [1, 2, 3, 4, 5].find((s) => !taken.has(s));
        if (slot === undefined || active.length >= CARD_LIMITS.perType) refuse(full);
        const row = {
          member_id: memberId,
          type,
          bank,
          bank_owner: owner,
          bank_no: deps.vault.seal(bankNo),
          bank_no_last4: bankNo.slice(-4),
          number_key: key,
          bank_address: bankAddress,
          ico,
          slot,
          created_at: Date.now(),
        };
        try {
          const id = await repo.insertCard(db, row);
          return toCardItem({ ...row, id, deleted_at: null });
        } catch (e) {
          const which = repo.uniqueViolation(e);
          if (which === 'number') refuse(duplicate);
          if (which === null) throw e;
          // another bind took the slot meanwhile: look again
        }
      }
      return refuse(full);
    },

    async unbind(memberId: number, id: number): Promise<void> {
      if (!(await repo.softDelete(db, memberId, id, Date.now()))) refuse(CARD_MSG.cardNotFound, CODE.notFound);
    },

    /**
     * The member's card with its full number opened, for withdrawals; unbound cards too when
     * asked (a withdrawal's record keeps pointing at the card it paid out to). Never send it to
     * the member.
     */
    async cardOf(memberId: number, id: number, opts: { includeDeleted?: boolean } = {}): Promise<MemberCard | undefined> {
      const card = await repo.findCard(db, memberId, id, opts);
      return card && opened(card);
    },

    /** The member's active cards of a type with full numbers opened (server side only). */
    async activeCardsOf(memberId: number, type: CardType): Promise<MemberCard[]> {
      return (await repo.activeCards(db, memberId, type)).map(opened);
    },
  };
}
export type CardsService = ReturnType<typeof createCardsService>;
