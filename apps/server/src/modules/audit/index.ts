/**
 * The operators' audit log: one writer every module calls in its own transaction, and the
 * reading side (the back-office's list, names for its actions, targets and details). A module
 * of its own below every module that writes it, so none of them imports the back-office.
 */
export { audit } from './write.ts';
export { actionName, listAudit, nameOperators, presentAuditDetail, targetNames } from './log.ts';
