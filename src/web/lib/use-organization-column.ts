// The "Organization" column of every list (docs/decisions/014-list-block.md): shown only to the super user, who
// has no organization of their own and sees every organization's records; names come from the one
// useOrganizations query, so every list shares one answer.
import { useMemo } from 'react';
import { useCurrentUser } from '@/lib/auth/current-user';
import { organizationName } from '@/lib/list-display';
import { useOrganizations } from '@/lib/use-organizations';

export interface OrganizationColumn {
  /** True for the super user: lists add an Organization column (a line on phone cards). */
  visible: boolean;
  nameOf: (organizationId: number | null | undefined) => string;
}

/** `always`: a list whose columns the product names Organization for every role (Customers, docs/decisions/014-list-block.md). */
export function useOrganizationColumn({ always = false }: { always?: boolean } = {}): OrganizationColumn {
  const { user } = useCurrentUser();
  const visible = always || user?.role === 'super_user';
  const organizations = useOrganizations({ enabled: visible });
  const names = useMemo(() => new Map((organizations.data ?? []).map((o) => [o.id, o.name])), [organizations.data]);
  return useMemo(
    () => ({
      visible,
      // While the names load, an empty cell rather than a flash of 'Unknown Organization'.
      nameOf: (id) => (organizations.isPending ? '' : organizationName(names, id)),
    }),
    [visible, names, organizations.isPending],
  );
}
