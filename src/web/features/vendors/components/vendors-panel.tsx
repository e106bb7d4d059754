import { useState } from 'react';
import { Building2, ChevronLeft, ChevronRight, Mail, MapPin, Pencil, Phone, Search, Trash2 } from 'lucide-react';
import type { Vendor } from '@contracts/vendors';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { useVendors, VENDORS_PAGE_SIZE } from '@/features/vendors/api/get-vendors';
import { PanelStatus } from '@/components/panel-status';
import { paymentTermsLabel, vendorPhone, vendorsEmptyText } from '@/features/vendors/lib/vendor-display';

const SEARCH_DEBOUNCE_MS = 300;

interface VendorsPanelProps {
  canManage: boolean;
  onEdit: (vendor: Vendor) => void;
  onDelete: (vendor: Vendor) => void;
}

/** Part 1 section 2: the vendors with their count, searchable and paged on the server. */
export function VendorsPanel({ canManage, onEdit, onDelete }: VendorsPanelProps) {
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const vendors = useVendors({ q, offset });
  const rows = vendors.data?.rows ?? [];
  const total = vendors.data?.total ?? 0;

  return (
    <Card className="min-w-0 overflow-hidden" data-testid="vendors-panel" aria-labelledby="vendors-panel-title">
      <div className="flex flex-col gap-3 border-b p-4 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="vendors-panel-title" className="flex items-center gap-2 font-semibold">
          Vendors
          {vendors.data && (
            <Badge variant="secondary" data-testid="vendors-count" aria-label={`${total} vendors`}>
              {total}
            </Badge>
          )}
        </h2>
        <div className="relative w-full sm:max-w-56">
          <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setOffset(0);
            }}
            placeholder="Search vendors..."
            aria-label="Search vendors"
            maxLength={200}
            className="pl-8"
          />
        </div>
      </div>
      <PanelStatus
        isPending={vendors.isPending}
        error={vendors.isError ? vendors.error : null}
        isEmpty={rows.length === 0}
        emptyText={vendorsEmptyText(q)}
        failedTitle="Failed to load vendors"
        testId="vendors"
      >
        <ul className={vendors.isPlaceholderData ? 'divide-y opacity-60 transition-opacity' : 'divide-y'} aria-label="Vendors">
          {rows.map((v) => (
            <VendorItem key={v.id} vendor={v} canManage={canManage} onEdit={onEdit} onDelete={onDelete} />
          ))}
        </ul>
        {total > VENDORS_PAGE_SIZE && (
          <nav className="flex items-center justify-between gap-2 border-t px-4 py-3 text-sm text-muted-foreground" aria-label="Vendor pages">
            <span>
              {offset + 1}-{offset + rows.length} of {total}
            </span>
            <div className="flex gap-2">
              <Button variant="outline" size="sm" disabled={offset === 0 || vendors.isFetching} onClick={() => setOffset(Math.max(0, offset - VENDORS_PAGE_SIZE))}>
                <ChevronLeft aria-hidden />
                Previous
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={offset + rows.length >= total || vendors.isFetching}
                onClick={() => setOffset(offset + VENDORS_PAGE_SIZE)}
              >
                Next
                <ChevronRight aria-hidden />
              </Button>
            </div>
          </nav>
        )}
      </PanelStatus>
    </Card>
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
