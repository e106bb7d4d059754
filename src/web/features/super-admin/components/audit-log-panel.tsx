import { useState } from 'react';
import type { AuditEntry } from '@contracts/admin';
import { displayName, formatDate, formatDateTime } from '@contracts/format';
import { NativeSelect } from '@/components/ui/native-select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ListBlock } from '@/components/list-block';
import { useListState } from '@/lib/use-list-state';
import { AUDIT_PAGE_SIZE, useAuditLog } from '@/features/super-admin/api/get-audit-log';
import { useOrganizations } from '@/lib/use-organizations';
import { actionLabel, AUDIT_ACTION_FAMILIES, detailLines, entityLabel, timeOfDay } from '@/features/super-admin/lib/audit-format';

function Who({ entry }: { entry: AuditEntry }) {
  return (
    <div className="min-w-0">
      <p className="truncate font-medium" title={entry.actor?.email}>
        {entry.actor ? displayName(entry.actor) : 'Deleted user'}
      </p>
      {entry.asUser && (
        <p className="truncate text-xs text-amber-700" title={entry.asUser.email}>
          as {displayName(entry.asUser)}
        </p>
      )}
      {entry.ip && (
        <p className="truncate text-xs text-muted-foreground tabular-nums" title={entry.userAgent ?? undefined}>
          from {entry.ip}
        </p>
      )}
    </div>
  );
}

function Record({ entry }: { entry: AuditEntry }) {
  const { title, email } = entityLabel(entry);
  return (
    <div className="min-w-0">
      <p>{title}</p>
      {email && (
        <p className="truncate text-xs text-muted-foreground" title={email}>
          {email}
        </p>
      )}
    </div>
  );
}

function Details({ entry, empty = '-' }: { entry: AuditEntry; empty?: string | null }) {
  const lines = detailLines(entry);
  if (lines.length === 0) return empty === null ? null : <span className="text-muted-foreground">{empty}</span>;
  return (
    <ul className="space-y-0.5 text-xs">
      {lines.map((line, i) => (
        <li key={i} className="break-words">
          {line}
        </li>
      ))}
    </ul>
  );
}

/** The audit log, newest first (docs/rules/sign-in-and-sessions.md#audit-log: who, as whom, what, when, from where). */
export function AuditLogPanel() {
  const [action, setAction] = useState('');
  const [organizationId, setOrganizationId] = useState('');
  // No search box here: the block keeps only the page, back to the first on a new filter.
  const list = useListState();
  const log = useAuditLog(action, organizationId, list.page);
  const organizations = useOrganizations();

  return (
    <ListBlock
      name="audit-log"
      testId="audit-log"
      plain
      query={log}
      exportFrom={{ path: '/api/admin/audit-log', params: { action, organizationId } }}
      list={list}
      pageSize={AUDIT_PAGE_SIZE}
      emptyText="No audit entries."
      failedTitle="Failed to load the audit log"
      toolbar={
        <>
          <NativeSelect
            aria-label="Filter by action"
            value={action}
            onChange={(e) => {
              setAction(e.target.value);
              list.setPage(0);
            }}
            className="sm:w-52"
          >
            <option value="">All actions</option>
            {AUDIT_ACTION_FAMILIES.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </NativeSelect>
          <NativeSelect
            aria-label="Filter by organization"
            value={organizationId}
            onChange={(e) => {
              setOrganizationId(e.target.value);
              list.setPage(0);
            }}
            className="sm:w-60"
          >
            <option value="">All organizations</option>
            {(organizations.data ?? []).map((o) => (
              <option key={o.id} value={String(o.id)}>
                {o.name}
              </option>
            ))}
          </NativeSelect>
        </>
      }
    >
      {(rows) => (
        <>
          <div className="hidden lg:block">
            <Table>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>When</TableHead>
                  <TableHead>Who</TableHead>
                  <TableHead>Action</TableHead>
                  <TableHead>Record</TableHead>
                  <TableHead>Details</TableHead>
                  <TableHead>Organization</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((e) => (
                  <TableRow key={e.id} data-testid="audit-entry" className="align-top">
                    <TableCell className="whitespace-nowrap">
                      <p>{formatDate(e.createdAt)}</p>
                      <p className="text-xs text-muted-foreground">{timeOfDay(e.createdAt)}</p>
                    </TableCell>
                    <TableCell className="max-w-40">
                      <Who entry={e} />
                    </TableCell>
                    <TableCell className="font-medium">{actionLabel(e.action)}</TableCell>
                    <TableCell className="max-w-52">
                      <Record entry={e} />
                    </TableCell>
                    <TableCell className="max-w-72 min-w-44">
                      <Details entry={e} />
                    </TableCell>
                    <TableCell className="max-w-36 truncate text-muted-foreground" title={e.organizationName ?? undefined}>
                      {e.organizationName ?? '-'}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <ul className="divide-y lg:hidden" aria-label="Audit log">
            {rows.map((e) => (
              <li key={e.id} className="space-y-1 px-4 py-3 text-sm" data-testid="audit-entry-card">
                <div className="flex items-baseline justify-between gap-2">
                  <p className="font-medium">{actionLabel(e.action)}</p>
                  <p className="shrink-0 text-xs text-muted-foreground">{formatDateTime(e.createdAt)}</p>
                </div>
                <Record entry={e} />
                <Details entry={e} empty={null} />
                <div className="flex flex-wrap gap-x-2 text-xs text-muted-foreground">
                  <span>
                    By {e.actor ? displayName(e.actor) : 'Deleted user'}
                    {e.asUser && <span className="text-amber-700"> as {displayName(e.asUser)}</span>}
                  </span>
                  {e.organizationName && <span>· {e.organizationName}</span>}
                  {e.ip && <span>· {e.ip}</span>}
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </ListBlock>
  );
}
