import type { LucideIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

interface StatCardProps {
  title: string;
  value: string;
  icon: LucideIcon;
  /** Lines under the figure: growth against last month, overdue count. Empty ones are left out. */
  captions: (string | null)[];
  testId: string;
}

export function StatCard({ title, value, icon: Icon, captions, testId }: StatCardProps) {
  return (
    <Card data-testid={testId}>
      <CardHeader className="flex flex-row items-start justify-between gap-2 p-4 pb-2 sm:p-6 sm:pb-2">
        <CardTitle className="text-sm leading-tight font-medium text-muted-foreground">{title}</CardTitle>
        <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        <p className="text-xl font-bold tabular-nums sm:text-2xl" data-testid={`${testId}-value`}>
          {value}
        </p>
        {captions.filter(Boolean).map((caption) => (
          <p key={caption} className="mt-1 text-xs text-muted-foreground">
            {caption}
          </p>
        ))}
      </CardContent>
    </Card>
  );
}
