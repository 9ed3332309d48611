export { wallet } from './service.ts';
export { MEMBER_ACCOUNT_KINDS, memberAccountCode, type MemberAccountKind } from './accounts.ts';
