import { AlertTriangle } from 'lucide-react';
import type { DashboardStats } from '@contracts/dashboard';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { stockLabel, unitsLabel } from '@/features/dashboard/growth-captions';

export function InventoryAlertsCard({ items }: { items: DashboardStats['inventoryAlerts'] }) {
  return (
    <Card data-testid="inventory-alerts">
      <CardHeader>
        <CardTitle>Inventory Alerts</CardTitle>
        <CardDescription>Items at or below their minimum stock</CardDescription>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">Stock levels look good.</p>
        ) : (
          <ul className="divide-y">
            {items.map((item) => {
              const label = stockLabel(item.quantity);
              return (
                <li key={item.id} className="flex items-start gap-2 py-3 first:pt-0 last:pb-0" data-testid="inventory-alert">
                  <AlertTriangle className={cn('mt-0.5 size-4 shrink-0', item.quantity <= 0 ? 'text-red-600' : 'text-amber-600')} aria-hidden />
                  <div className="min-w-0 flex-1">
                    <p className="text-sm font-medium break-words">{item.name}</p>
                    {item.quantity > 0 && <p className="text-xs text-muted-foreground tabular-nums">{unitsLabel(item.quantity)}</p>}
                  </div>
                  <Badge
                    variant="secondary"
                    className={cn('border-transparent', item.quantity <= 0 ? 'bg-red-100 text-red-800' : 'bg-amber-100 text-amber-800')}
                  >
                    {label}
                  </Badge>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
