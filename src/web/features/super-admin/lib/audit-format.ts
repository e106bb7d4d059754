// The audit log's words live with the contracts, which the log's export shares (contracts/audit-words.ts).
export { actionLabel, AUDIT_ACTION_FAMILIES, detailLines, entityLabel, timeOfDay } from '@contracts/audit-words';
