import { Pencil } from 'lucide-react';
import type { Customer } from '@contracts/customers';
import { formatPhone } from '@contracts/format';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { OrganizationCell, OrganizationHead, OrganizationLine } from '@/components/organization-column';
import { CustomerPortalActions } from '@/features/customers/components/customer-portal-actions';
import { TaxExemptBadge } from '@/features/customers/components/tax-exempt-badge';
import { addressLine, addressLines, MISSING, orDash } from '@/features/customers/customer-display';

interface CustomersTableProps {
  customers: Customer[];
  canManage: boolean;
  onEdit: (customer: Customer) => void;
}

function AddressCell({ customer }: { customer: Customer }) {
  const [first, second] = addressLines(customer);
  if (!first) return <>{MISSING}</>;
  return (
    <div className="max-w-52 min-w-36 xl:max-w-64" title={addressLine(customer)}>
      <p className="truncate">{first}</p>
      {second && <p className="truncate text-xs text-muted-foreground">{second}</p>}
    </div>
  );
}

/** A table on wide screens, a stacked list on phones. */
export function CustomersTable({ customers, canManage, onEdit }: CustomersTableProps) {
  return (
    <>
      <div className="hidden md:block">
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Name</TableHead>
              <OrganizationHead always />
              <TableHead>Company</TableHead>
              <TableHead>Email</TableHead>
              <TableHead>Phone</TableHead>
              <TableHead>Address</TableHead>
              <TableHead className="w-0">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {customers.map((c) => (
              <TableRow key={c.id} data-testid="customer-row" data-customer-id={c.id}>
                <TableCell className="min-w-36 font-medium">
                  {c.name}
                  <TaxExemptBadge exempt={c.taxExempt} className="mt-1 flex" />
                </TableCell>
                <OrganizationCell organizationId={c.organizationId} always />
                <TableCell className="max-w-40 min-w-32">{orDash(c.companyName)}</TableCell>
                <TableCell>
                  <p className="max-w-44 truncate xl:max-w-56" title={c.email ?? undefined}>
                    {orDash(c.email)}
                  </p>
                </TableCell>
                <TableCell className="whitespace-nowrap tabular-nums">{formatPhone(c.phone)}</TableCell>
                <TableCell>
                  <AddressCell customer={c} />
                </TableCell>
                <TableCell className="py-1 pr-2 pl-0 text-right">
                  <div className="flex items-center justify-end">
                    <CustomerPortalActions customer={c} canManage={canManage} />
                    {canManage && (
                      <Button variant="ghost" size="sm" onClick={() => onEdit(c)} aria-label={`Edit ${c.name}`} title="Edit">
                        <Pencil aria-hidden />
                        <span className="hidden 2xl:inline">Edit</span>
                      </Button>
                    )}
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="divide-y md:hidden" aria-label="Customers">
        {customers.map((c) => (
          <li key={c.id} className="flex items-start gap-3 px-4 py-3" data-testid="customer-card">
            <div className="min-w-0 flex-1 space-y-0.5 text-sm">
              <p className="truncate font-medium">{c.name}</p>
              <TaxExemptBadge exempt={c.taxExempt} />
              {c.companyName && <p className="truncate text-muted-foreground">{c.companyName}</p>}
              <p className="truncate">{orDash(c.email)}</p>
              <p className="tabular-nums">{formatPhone(c.phone)}</p>
              <p className="truncate text-muted-foreground">{addressLine(c)}</p>
              <OrganizationLine organizationId={c.organizationId} always />
            </div>
            <div className="flex flex-col items-end gap-1">
              {canManage && (
                <Button variant="outline" size="sm" onClick={() => onEdit(c)} aria-label={`Edit ${c.name}`}>
                  <Pencil aria-hidden />
                  Edit
                </Button>
              )}
              <CustomerPortalActions customer={c} compact canManage={canManage} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
