import { DATE_FILTERS, type BetRecordItem, type DateFilter, type TransRecordItem } from './wallet.ts';

/**
 * What the server answers about venue transfers and records beyond the request schemas of
 * wallet.ts (which the site's forms share): its messages, paging size and the extra fields of
 * its record rows.
 */
export const TRANSFER_MSG = {
  unknownVenue: '该场馆不存在',
  venueMaintenance: '该场馆维护中，请稍后再试',
  centralShort: (availableYuan: string) => `中心钱包余额不足，当前可用 ${availableYuan} 元`,
  venueShort: (venue: string, availableYuan: string) => `${venue}余额不足，当前可转出 ${availableYuan} 元`,
  transferOk: '转账成功',
  transferPending: '转账处理中，请稍后在交易记录中查看结果',
  transferFailed: '转账失败，资金已退回中心钱包，请稍后再试',
  venueBusy: '场馆繁忙，请稍后再试',
  recovered: (venues: number, totalYuan: string) => `已回收 ${venues} 个场馆共 ${totalYuan} 元`,
  recoveredPending: (n: number) => `${n} 笔处理中，请稍后在交易记录中查看`,
  nothingToRecover: '没有需要回收的余额',
  // issue 14: a second 一键回收 racing the first, and transfers out held by the venue reconciliation
  recoveringElsewhere: (n: number) => `${n} 个场馆的余额正在回收中，请稍后查看中心钱包`,
  alreadyRecovered: (n: number) => `${n} 个场馆的余额已回收到中心钱包`,
  heldForReview: '该场馆账户正在人工核对中，核对完成前暂不能转入或转出，资金安全，请联系客服',
  recoverHeld: (n: number) => `${n} 个场馆的账户正在人工核对中，暂不能转出，资金安全，请联系客服`,
  // issue 38: a seamless venue plays from the central wallet: nothing is transferred into it
  seamlessVenue: (venue: string) => `${venue}为免转场馆，直接使用中心钱包余额游戏，无需转入`,
} as const;

/** rows per page of the member's record lists */
export const RECORDS_PER_PAGE = 15;

/** Beijing days a records date filter covers, today included (spec section 9). */
export function dateFilterDays(date: DateFilter): number {
  return DATE_FILTERS.find((f) => f.value === date)?.days ?? 30;
}

/** Transfer record states (types 3 and 4, spec section 4). */
export const TRANSFER_STATE = { failed: 0, success: 1, pending: 2 } as const;

/** A row of POST /api/gettransrecord types 3 and 4. */
export interface TransferRecordRow extends TransRecordItem {
  /** the venue's platname */
  platform: string;
}

/** A row of POST /api/betrecord: the spec's fields (Code is the game's name) and a few more. */
export interface BetRecordRow extends BetRecordItem {
  /** turnover the bet counted for, yuan */
  valid_amount: number;
  platform: string;
  /** the venue's Chinese name */
  platname: string;
  game_code: string;
  settled_at: string | null;
}
