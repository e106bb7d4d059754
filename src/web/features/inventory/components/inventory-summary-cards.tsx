import type { ReactNode } from 'react';
import { AlertTriangle, CheckCircle2, XCircle } from 'lucide-react';
import type { InventorySummary } from '@contracts/inventory';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

function CountCard({ title, icon, value, isPending }: { title: string; icon: ReactNode; value: number | undefined; isPending: boolean }) {
  return (
    <Card className="flex items-center justify-between p-4" data-testid={`inventory-count-${title.toLowerCase().replaceAll(' ', '-')}`}>
      <div>
        <p className="text-sm font-medium text-muted-foreground">{title}</p>
        {isPending ? <Skeleton className="mt-1 h-8 w-12" /> : <p className="text-2xl font-bold">{value ?? 0}</p>}
      </div>
      {icon}
    </Card>
  );
}

/** In Stock, Low Stock and Out of Stock counts above the list. */
export function InventorySummaryCards({ summary, isPending }: { summary: InventorySummary | undefined; isPending: boolean }) {
  return (
    <div className="mb-6 grid gap-4 sm:grid-cols-3" data-testid="inventory-summary">
      <CountCard title="In Stock" icon={<CheckCircle2 className="size-5 text-green-600" aria-hidden />} value={summary?.inStock} isPending={isPending} />
      <CountCard title="Low Stock" icon={<AlertTriangle className="size-5 text-amber-600" aria-hidden />} value={summary?.lowStock} isPending={isPending} />
      <CountCard title="Out of Stock" icon={<XCircle className="size-5 text-red-600" aria-hidden />} value={summary?.outOfStock} isPending={isPending} />
    </div>
  );
}
