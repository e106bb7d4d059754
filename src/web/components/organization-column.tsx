// The super user's Organization column, header and cell, and the line on a phone card
// (docs/decisions/014-list-block.md). Each renders nothing for everyone else, so a table adds them unconditionally.
import { TableCell, TableHead } from '@/components/ui/table';
import { useOrganizationColumn } from '@/lib/use-organization-column';

export function OrganizationHead() {
  const column = useOrganizationColumn();
  return column.visible ? <TableHead>Organization</TableHead> : null;
}

export function OrganizationCell({ organizationId }: { organizationId: number | null | undefined }) {
  const column = useOrganizationColumn();
  if (!column.visible) return null;
  const name = column.nameOf(organizationId);
  return (
    <TableCell className="max-w-40 truncate text-xs text-muted-foreground" title={name} data-testid="organization-cell">
      {name}
    </TableCell>
  );
}

/** The organization's name on a phone card. */
export function OrganizationLine({ organizationId }: { organizationId: number | null | undefined }) {
  const column = useOrganizationColumn();
  if (!column.visible) return null;
  const name = column.nameOf(organizationId);
  return (
    <p className="truncate text-xs text-muted-foreground" title={name} data-testid="organization-line">
      {name}
    </p>
  );
}
