import { useState } from 'react';
import { ChevronDown, CircleHelp } from 'lucide-react';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { cn } from '@/lib/utils';

const STEPS = [
  'Enter the e-mail address of your Tradebook account.',
  'We e-mail you a 6-digit verification code. It works once and expires after 10 minutes.',
  'Type the code here to sign in. No password to remember.',
];

export function HowItWorks() {
  const [isOpen, setOpen] = useState(false);
  return (
    <Collapsible open={isOpen} onOpenChange={setOpen} className="rounded-lg border bg-muted/40">
      <CollapsibleTrigger className="flex w-full items-center justify-between gap-2 px-4 py-3 text-sm font-medium">
        <span className="flex items-center gap-2">
          <CircleHelp className="size-4 text-primary" aria-hidden />
          How It Works
        </span>
        <ChevronDown className={cn('size-4 transition-transform', isOpen && 'rotate-180')} aria-hidden />
      </CollapsibleTrigger>
      <CollapsibleContent>
        <ol className="space-y-2 px-4 pb-4 text-sm text-muted-foreground">
          {STEPS.map((step, i) => (
            <li key={step} className="flex gap-3">
              <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-primary text-[11px] font-semibold text-primary-foreground">
                {i + 1}
              </span>
              <span>{step}</span>
            </li>
          ))}
        </ol>
      </CollapsibleContent>
    </Collapsible>
  );
}
