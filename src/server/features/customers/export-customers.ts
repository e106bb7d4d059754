// The Customers screen's export (docs/rules/data-exchange.md#list-exports): the list's rows with its search and sort,
// under the screen's column labels; the address in its parts, so a spreadsheet can sort and filter by each.
import type { Customer, CustomerListQuery } from '../../../contracts/customers';
import { formatPhone } from '../../../contracts/format';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../platform/context';
import type { ListExport } from '../../platform/list-export';
import { customerBatches } from './list-customers';

export async function exportCustomers(db: DbOrTx, ctx: RequestContext, query: CustomerListQuery): Promise<ListExport<Customer>> {
  return {
    fileName: 'customers',
    title: (labels) => labels.customers,
    columns: () => [
      { label: 'Name', value: (c) => c.name },
      { label: 'Company', value: (c) => c.companyName },
      { label: 'Email', value: (c) => c.email },
      { label: 'Phone', value: (c) => (c.phone ? formatPhone(c.phone) : null) },
      { label: 'Address', value: (c) => c.address },
      { label: 'City', value: (c) => c.city },
      { label: 'State', value: (c) => c.state },
      { label: 'ZIP', value: (c) => c.zip },
      { label: 'Tax Exempt', value: (c) => c.taxExempt },
      { label: 'Created', kind: 'date', value: (c) => c.createdAt },
    ],
    read: await customerBatches(db, ctx, query),
    organizationOf: (c) => c.organizationId,
  };
}
