// The super user's Organization column, header and cell, and the line on a phone card
// (docs/decisions/014-list-block.md). Each renders nothing for everyone else, so a table adds them unconditionally.
import { TableCell, TableHead } from '@/components/ui/table';
import { useOrganizationColumn } from '@/lib/use-organization-column';

interface Options {
  /** Shown to every role, not only the super user (the Customers table's own column). */
  always?: boolean;
}

export function OrganizationHead({ always }: Options = {}) {
  const column = useOrganizationColumn({ always });
  return column.visible ? <TableHead>Organization</TableHead> : null;
}

export function OrganizationCell({ organizationId, always }: { organizationId: number | null | undefined } & Options) {
  const column = useOrganizationColumn({ always });
  if (!column.visible) return null;
  const name = column.nameOf(organizationId);
  return (
    <TableCell className="max-w-40 truncate text-xs text-muted-foreground" title={name} data-testid="organization-cell">
      {name}
    </TableCell>
  );
}

/** The organization's name on a phone card. */
export function OrganizationLine({ organizationId, always }: { organizationId: number | null | undefined } & Options) {
  const column = useOrganizationColumn({ always });
  if (!column.visible) return null;
  const name = column.nameOf(organizationId);
  return (
    <p className="truncate text-xs text-muted-foreground" title={name} data-testid="organization-line">
      {name}
    </p>
  );
}
