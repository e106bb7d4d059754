import type { ReactNode } from 'react';
import { CalendarCheck, CalendarDays, Clock, Settings2 } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

interface SummaryCardsProps {
  activeServices: number | null;
  todayCount: number | null;
  weekCount: number | null;
  /** Online booking works: an active service and schedule settings (docs/features.md, Scheduling). null while loading. */
  bookingReady: boolean | null;
}

function SummaryCard({ title, icon, value }: { title: string; icon: ReactNode; value: ReactNode }) {
  return (
    <Card className="p-4">
      <div className="flex items-center justify-between gap-2 text-sm font-medium text-muted-foreground">
        <span>{title}</span>
        {icon}
      </div>
      <div className="mt-2 text-2xl font-bold">{value ?? <Skeleton className="h-8 w-16" />}</div>
    </Card>
  );
}

export function SummaryCards({ activeServices, todayCount, weekCount, bookingReady }: SummaryCardsProps) {
  return (
    <div className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="scheduling-summary">
      <SummaryCard title="Active Services" icon={<Settings2 className="size-4" aria-hidden />} value={activeServices} />
      <SummaryCard title="Today's Appointments" icon={<Clock className="size-4" aria-hidden />} value={todayCount} />
      <SummaryCard title="This Week's Appointments" icon={<CalendarDays className="size-4" aria-hidden />} value={weekCount} />
      <SummaryCard
        title="Booking Status"
        icon={<CalendarCheck className="size-4" aria-hidden />}
        value={
          bookingReady === null ? null : (
            <span data-testid="booking-status" className={bookingReady ? 'text-green-600' : 'text-amber-600'}>
              {bookingReady ? 'Active' : 'Setup Required'}
            </span>
          )
        }
      />
    </div>
  );
}
