// The Users screens' export (docs/rules/data-exchange.md#list-exports): an organization admin's Users list and the
// super user's, with the list's search and sort, under the screens' column labels.
import { displayName } from '../../../contracts/format';
import type { ListQuery } from '../../../contracts/lists';
import { ROLE_LABELS } from '../../../contracts/permissions';
import type { User } from '../../../contracts/users';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../platform/context';
import type { ListExport } from '../../platform/list-export';
import { userBatches } from './list-users';

export async function exportUsers(db: DbOrTx, ctx: RequestContext, query: ListQuery): Promise<ListExport<User>> {
  return {
    fileName: 'users',
    title: () => 'Users',
    columns: () => [
      { label: 'Name', value: displayName },
      { label: 'Email', value: (u) => u.email },
      { label: 'Role', value: (u) => ROLE_LABELS[u.role] },
      { label: 'Status', value: (u) => (u.isActive ? 'Active' : 'Inactive') },
      { label: 'Last Login', kind: 'datetime', value: (u) => u.lastLoginAt },
      { label: 'Created', kind: 'date', value: (u) => u.createdAt },
    ],
    read: userBatches(db, ctx, query),
    organizationOf: (u) => u.organizationId,
  };
}
