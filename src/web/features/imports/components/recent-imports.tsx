// The kind's last imports: which file, who, when and what came of it.
import type { ImportKind, ImportSummary } from '@contracts/imports';
import { formatDateTime, statusLabel } from '@contracts/format';
import { PanelStatus } from '@/components/panel-status';
import { useRecentImports } from '@/features/imports/api/imports-api';

function outcome(i: ImportSummary): string {
  if (i.status === 'completed') return `${i.created.toLocaleString('en-US')} created, ${i.updated.toLocaleString('en-US')} updated, ${i.skipped.toLocaleString('en-US')} skipped`;
  return i.error ?? `${i.rowCount.toLocaleString('en-US')} rows, not imported`;
}

export function RecentImports({ kind }: { kind: ImportKind }) {
  const recent = useRecentImports(kind);
  const rows = recent.data ?? [];
  return (
    <PanelStatus isPending={recent.isPending} error={recent.error} isEmpty={rows.length === 0} emptyText="No imports yet." failedTitle="Failed to load recent imports" testId="recent-imports">
      <ul className="divide-y text-sm" data-testid="recent-imports">
        {rows.map((i) => (
          <li key={i.id} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
            <span className="min-w-0 font-medium break-words">{i.fileName}</span>
            <span className="text-muted-foreground">
              {statusLabel(i.status)}: {outcome(i)} · {i.createdBy ?? 'Someone'}, {formatDateTime(i.createdAt)}
            </span>
          </li>
        ))}
      </ul>
    </PanelStatus>
  );
}
