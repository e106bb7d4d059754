import { Building2, Mail, MapPin, Pencil, Phone, Trash2 } from 'lucide-react';
import type { Vendor } from '@contracts/vendors';
import { useListState } from '@/lib/use-list-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ListBlock } from '@/components/list-block';
import { OrganizationLine } from '@/components/organization-column';
import { useVendors, VENDORS_PAGE_SIZE } from '@/features/vendors/api/get-vendors';
import { NO_VENDORS_TEXT, paymentTermsLabel, vendorPhone } from '@/features/vendors/lib/vendor-display';

interface VendorsPanelProps {
  canManage: boolean;
  onEdit: (vendor: Vendor) => void;
  onDelete: (vendor: Vendor) => void;
}

/** docs/rules/records.md#vendors: the vendors with their count, searchable and paged on the server. */
export function VendorsPanel({ canManage, onEdit, onDelete }: VendorsPanelProps) {
  const list = useListState();
  const vendors = useVendors({ q: list.q, offset: list.page * VENDORS_PAGE_SIZE });
  const total = vendors.data?.total ?? 0;

  return (
    <ListBlock
      name="vendors-panel"
      testId="vendors-panel"
      query={vendors}
      exportFrom={{ path: '/api/vendors', params: { q: list.q } }}
      list={list}
      pageSize={VENDORS_PAGE_SIZE}
      searchPlaceholder="Search vendors..."
      searchLabel="Search vendors"
      emptyText={NO_VENDORS_TEXT}
      failedTitle="Failed to load vendors"
      title={
        <h2 className="flex items-center gap-2 font-semibold">
          Vendors
          {vendors.data && (
            <Badge variant="secondary" data-testid="vendors-count" aria-label={`${total} vendors`}>
              {total}
            </Badge>
          )}
        </h2>
      }
    >
      {(rows) => (
        <ul className="divide-y" aria-label="Vendors">
          {rows.map((v) => (
            <VendorItem key={v.id} vendor={v} canManage={canManage} onEdit={onEdit} onDelete={onDelete} />
          ))}
        </ul>
      )}
    </ListBlock>
  );
}

function VendorItem({ vendor, canManage, onEdit, onDelete }: { vendor: Vendor } & VendorsPanelProps) {
  const terms = paymentTermsLabel(vendor.paymentTerms);
  const phone = vendorPhone(vendor.phone);
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-start" data-testid="vendor-item" data-vendor-id={vendor.id}>
      <div className="min-w-0 flex-1 space-y-1 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium break-words">{vendor.name}</p>
          {terms && (
            <Badge variant="outline" data-testid="vendor-terms">
              {terms}
            </Badge>
          )}
        </div>
        {vendor.companyName && (
          <p className="flex items-center gap-1.5 text-muted-foreground">
            <Building2 className="size-3.5 shrink-0" aria-hidden />
            <span className="min-w-0 break-words">{vendor.companyName}</span>
          </p>
        )}
        {vendor.email && (
          <p className="flex items-center gap-1.5">
            <Mail className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
            <a href={`mailto:${vendor.email}`} className="min-w-0 truncate hover:underline">
              {vendor.email}
            </a>
          </p>
        )}
        {phone && (
          <p className="flex items-center gap-1.5 tabular-nums">
            <Phone className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
            {phone}
          </p>
        )}
        {vendor.address && (
          <p className="flex items-start gap-1.5 text-muted-foreground">
            <MapPin className="mt-0.5 size-3.5 shrink-0" aria-hidden />
            <span className="min-w-0 break-words whitespace-pre-line">{vendor.address}</span>
          </p>
        )}
        <OrganizationLine organizationId={vendor.organizationId} />
      </div>
      {canManage && (
        <div className="flex shrink-0 gap-2">
          <Button variant="outline" size="sm" onClick={() => onEdit(vendor)} aria-label={`Edit ${vendor.name}`}>
            <Pencil aria-hidden />
            Edit
          </Button>
          <Button variant="outline" size="sm" onClick={() => onDelete(vendor)} aria-label={`Delete ${vendor.name}`} className="text-destructive hover:text-destructive">
            <Trash2 aria-hidden />
            Delete
          </Button>
        </div>
      )}
    </li>
  );
}
