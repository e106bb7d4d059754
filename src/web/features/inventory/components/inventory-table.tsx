import type { InventoryItem, StockStatus } from '@contracts/inventory';
import { formatMoney } from '@contracts/money';
import { Pencil } from 'lucide-react';
import { cn } from '@/lib/utils';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { OrganizationCell, OrganizationHead, OrganizationLine } from '@/components/organization-column';

const STATUS_LABELS: Record<StockStatus, string> = { 'in-stock': 'In Stock', 'low-stock': 'Low Stock', 'out-of-stock': 'Out of Stock' };
const STATUS_STYLES: Record<StockStatus, string> = {
  'in-stock': 'bg-green-100 text-green-800',
  'low-stock': 'bg-amber-100 text-amber-800',
  'out-of-stock': 'bg-red-100 text-red-800',
};

function StockBadge({ status }: { status: StockStatus }) {
  return (
    <Badge variant="secondary" className={cn('border-transparent', STATUS_STYLES[status])} data-status={status}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}

interface ListProps {
  items: InventoryItem[];
  canManage: boolean;
  onEdit: (item: InventoryItem) => void;
  onAdjust: (item: InventoryItem) => void;
}

const money = (value: string | null) => (value === null ? '-' : formatMoney(value));

export function InventoryTable({ items, canManage, onEdit, onAdjust }: ListProps) {
  return (
    <div className="hidden overflow-x-auto md:block">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <OrganizationHead />
            <TableHead>SKU</TableHead>
            <TableHead>Category</TableHead>
            <TableHead className="text-right">Quantity</TableHead>
            <TableHead className="text-right">Minimum Stock</TableHead>
            <TableHead className="text-right">Unit Cost</TableHead>
            <TableHead className="text-right">Unit Price</TableHead>
            <TableHead>Location</TableHead>
            <TableHead>Status</TableHead>
            {canManage && <TableHead className="text-right">Actions</TableHead>}
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.id} data-testid="inventory-row">
              {/* overflow-wrap: anywhere (index.css) would let ten columns squeeze a name to one letter a line. */}
              <TableCell className="min-w-44">
                <div className="font-medium">{item.name}</div>
                {item.description && <div className="max-w-xs truncate text-xs text-muted-foreground">{item.description}</div>}
              </TableCell>
              <OrganizationCell organizationId={item.organizationId} />
              <TableCell className="font-mono text-xs whitespace-nowrap">{item.sku ?? '-'}</TableCell>
              <TableCell className="min-w-28">{item.category ?? '-'}</TableCell>
              <TableCell className="text-right tabular-nums">
                {canManage ? (
                  // The name holds the number shown on the button, so it can be spoken to select it (WCAG 2.5.3).
                  <Button variant="ghost" size="sm" onClick={() => onAdjust(item)} aria-label={`Update quantity of ${item.name}, ${item.quantity}`}>
                    {item.quantity}
                  </Button>
                ) : (
                  item.quantity
                )}
              </TableCell>
              <TableCell className="text-right tabular-nums">{item.minimumStock}</TableCell>
              <TableCell className="text-right tabular-nums">{money(item.unitCost)}</TableCell>
              <TableCell className="text-right tabular-nums">{money(item.unitPrice)}</TableCell>
              <TableCell className="min-w-28">{item.location ?? '-'}</TableCell>
              <TableCell>
                <StockBadge status={item.stockStatus} />
              </TableCell>
              {canManage && (
                <TableCell className="text-right">
                  <Button variant="ghost" size="sm" onClick={() => onEdit(item)} aria-label={`Edit ${item.name}`}>
                    <Pencil aria-hidden />
                    Edit
                  </Button>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** Phone width: one card per item instead of a wide table. */
export function InventoryCards({ items, canManage, onEdit, onAdjust }: ListProps) {
  return (
    <ul className="divide-y md:hidden" data-testid="inventory-cards">
      {items.map((item) => (
        <li key={item.id} className="space-y-2 p-4" data-testid="inventory-card">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="truncate font-medium">{item.name}</p>
              <p className="text-xs text-muted-foreground">{[item.sku, item.category, item.location].filter(Boolean).join(' · ') || '-'}</p>
              <OrganizationLine organizationId={item.organizationId} />
            </div>
            <StockBadge status={item.stockStatus} />
          </div>
          <dl className="grid grid-cols-2 gap-1 text-sm">
            <dt className="text-muted-foreground">Quantity</dt>
            <dd className="text-right tabular-nums">{item.quantity}</dd>
            <dt className="text-muted-foreground">Minimum Stock</dt>
            <dd className="text-right tabular-nums">{item.minimumStock}</dd>
            <dt className="text-muted-foreground">Unit Price</dt>
            <dd className="text-right tabular-nums">{money(item.unitPrice)}</dd>
          </dl>
          {canManage && (
            <div className="flex gap-2">
              <Button variant="outline" size="sm" className="flex-1" onClick={() => onAdjust(item)} aria-label={`Update quantity of ${item.name}`}>
                Quantity
              </Button>
              <Button variant="outline" size="sm" className="flex-1" onClick={() => onEdit(item)} aria-label={`Edit ${item.name}`}>
                <Pencil aria-hidden />
                Edit
              </Button>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
