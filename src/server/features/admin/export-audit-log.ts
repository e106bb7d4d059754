// The audit log's export (docs/rules/data-exchange.md#list-exports): every entry of the log with its filters, newest
// first, in the words the log's screen uses; the address and browser the screen keeps in a tooltip get columns of their own.
import type { AuditEntry, AuditLogQuery } from '../../../contracts/admin';
import { actionLabel, detailLines, entityLabel } from '../../../contracts/audit-words';
import { displayName } from '../../../contracts/format';
import type { DbOrTx } from '../../db/client';
import type { ListExport } from '../../platform/list-export';
import { auditLogBatches } from './list-audit-log';

export async function exportAuditLog(db: DbOrTx, query: Pick<AuditLogQuery, 'action' | 'organizationId'>): Promise<ListExport<AuditEntry>> {
  return {
    fileName: 'audit-log',
    title: () => 'Audit Log',
    columns: () => [
      { label: 'When', kind: 'datetime', value: (e) => e.createdAt },
      { label: 'Who', value: (e) => (e.actor ? displayName(e.actor) : 'Deleted user') },
      { label: 'As', value: (e) => (e.asUser ? displayName(e.asUser) : null) },
      { label: 'Action', value: (e) => actionLabel(e.action) },
      { label: 'Record', value: (e) => entityLabel(e).title },
      { label: 'Email', value: (e) => entityLabel(e).email },
      { label: 'Details', value: (e) => detailLines(e).join('\n') },
      { label: 'Organization', value: (e) => e.organizationName },
      { label: 'IP Address', value: (e) => e.ip },
      { label: 'Browser', value: (e) => e.userAgent },
    ],
    read: auditLogBatches(db, query),
  };
}
