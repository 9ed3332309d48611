/**
 * Wagering requirements (打码量): one row per credit that carries one, filled by settled valid
 * bets oldest first. Other modules call these inside the transaction that posts the credit.
 */
export { addRequirement, fillFromBets, list, remaining, waiveAll, TURNOVER_SOURCES, type NewRequirement, type TurnoverSource } from './service.ts';
// issue 25: operators' waivers (the back-office's member desk records and audits them)
export { waive, openLeft, requirementOf, type WaivedRow } from './service.ts';
