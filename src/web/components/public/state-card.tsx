// The centred card a public page shows for an outcome or a dead end (a quote answered, an appointment cancelled, a
// link not found): an icon in a circle, a heading and a few lines.
import type { ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';

export function StateCard({ icon, title, children, testId }: { icon: ReactNode; title: string; children: ReactNode; testId: string }) {
  return (
    <Card data-testid={testId}>
      <CardContent className="flex flex-col items-center gap-3 px-6 py-10 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">{icon}</span>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <div className="max-w-md space-y-2 text-sm text-muted-foreground">{children}</div>
      </CardContent>
    </Card>
  );
}
