import type { ReactNode } from 'react';
import { Activity, Building2, KeyRound, Users, type LucideIcon } from 'lucide-react';
import type { HealthStatus, SystemStats } from '@contracts/admin';
import { errorMessage, isApiError } from '@/lib/api-client';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

const HEALTH_COLOURS: Record<HealthStatus, string> = {
  Excellent: 'text-emerald-600',
  Degraded: 'text-amber-600',
  Down: 'text-red-600',
};

function StatCard({ title, icon: Icon, testId, className, children }: { title: string; icon: LucideIcon; testId: string; className?: string; children: ReactNode }) {
  return (
    <Card data-testid={testId} className={className}>
      <CardHeader className="flex flex-row items-start justify-between gap-2 p-4 pb-2 sm:p-6 sm:pb-2">
        <CardTitle className="text-sm leading-tight font-medium text-muted-foreground">{title}</CardTitle>
        <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">{children}</CardContent>
    </Card>
  );
}

function Figure({ value, testId, className }: { value: string | null; testId: string; className?: string }) {
  if (value === null) return <Skeleton className="h-8 w-16" />;
  return (
    <p className={cn('text-xl font-bold tabular-nums sm:text-2xl', className)} data-testid={`${testId}-value`}>
      {value}
    </p>
  );
}

function Caption({ children }: { children: ReactNode }) {
  return <p className="mt-1 text-xs text-muted-foreground">{children}</p>;
}

/** Total Users, Organizations, Active Sessions and System Health, all counted by the server just now. */
export function SystemStatCards({ stats, error }: { stats: SystemStats | undefined; error: unknown }) {
  const figure = (n: number | undefined) => (n === undefined ? (error ? '-' : null) : n.toLocaleString('en-US'));
  // The server answers 503 when the database is gone: that is the Down the card exists to show.
  const status: HealthStatus | null = stats?.systemHealth.status ?? (isApiError(error, 503) ? 'Down' : null);
  const failing = stats?.systemHealth.checks.filter((c) => !c.ok) ?? [];
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard title="Total Users" icon={Users} testId="stat-total-users">
        <Figure value={figure(stats?.totalUsers)} testId="stat-total-users" />
      </StatCard>
      <StatCard title="Organizations" icon={Building2} testId="stat-organizations">
        <Figure value={figure(stats?.totalOrganizations)} testId="stat-organizations" />
      </StatCard>
      <StatCard title="Active Sessions" icon={KeyRound} testId="stat-active-sessions">
        <Figure value={figure(stats?.activeSessions)} testId="stat-active-sessions" />
        {stats && <Caption>Signed-in, not expired</Caption>}
      </StatCard>
      {/* The failing checks need the room of two cards on narrower screens. */}
      <StatCard title="System Health" icon={Activity} testId="stat-system-health" className={failing.length > 0 ? 'col-span-2 xl:col-span-1' : undefined}>
        <Figure value={status ?? (error ? 'Unknown' : null)} testId="stat-system-health" className={status ? HEALTH_COLOURS[status] : undefined} />
        {stats && failing.length === 0 && <Caption>All {stats.systemHealth.checks.length} checks passed</Caption>}
        {failing.length > 0 && (
          <ul className="mt-1 space-y-0.5 text-xs text-muted-foreground" data-testid="health-failing-checks">
            {failing.map((c) => (
              <li key={c.id}>
                <span className="font-medium text-foreground">{c.label}:</span> {c.detail}
              </li>
            ))}
          </ul>
        )}
        {!stats && error !== null && <Caption>{errorMessage(error)}</Caption>}
      </StatCard>
    </div>
  );
}
