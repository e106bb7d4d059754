// A settings card of the Organization screen: its icon, title and one line of what it is for, then its content
// (the payment reminders and review requests cards).
import type { ComponentType, ReactNode } from 'react';
import { Card } from '@/components/ui/card';

export function SettingsCard({
  name,
  icon: Icon,
  title,
  description,
  children,
}: {
  /** Names the test hook (`${name}-card`) and the title's id. */
  name: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card className="grid gap-6 p-4 sm:p-6" data-testid={`${name}-card`} aria-labelledby={`${name}-card-title`}>
      <div className="min-w-0 space-y-1">
        <div className="flex items-center gap-2">
          <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <h2 id={`${name}-card-title`} className="font-semibold">
            {title}
          </h2>
        </div>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
    </Card>
  );
}
