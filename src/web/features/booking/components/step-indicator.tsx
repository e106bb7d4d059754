import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';

export const BOOKING_STEPS = ['Service', 'Date & Time', 'Details', 'Confirmation'] as const;
/** With a deposit or a card to hold the booking, a payment step comes before the confirmation (docs/rules/scheduling.md#holding-a-booking). */
export const HELD_BOOKING_STEPS = ['Service', 'Date & Time', 'Details', 'Payment', 'Confirmation'] as const;

/** Completed steps carry a check (docs/rules/scheduling.md#booking-wizard). */
export function StepIndicator({ current, steps = BOOKING_STEPS }: { current: number; steps?: readonly string[] }) {
  return (
    <nav aria-label="Booking progress">
      <ol className="flex items-start">
        {steps.map((label, i) => {
          const done = i < current || (i === steps.length - 1 && current === i);
          const active = i === current;
          return (
            <li key={label} className="flex flex-1 flex-col items-center gap-1.5 text-center" aria-current={active ? 'step' : undefined}>
              <div className="flex w-full items-center">
                <span className={cn('h-0.5 flex-1', i === 0 ? 'invisible' : i <= current ? 'bg-primary' : 'bg-border')} aria-hidden />
                <span
                  className={cn(
                    'flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold',
                    done ? 'border-primary bg-primary text-primary-foreground' : active ? 'border-primary text-primary' : 'border-border text-muted-foreground',
                  )}
                >
                  {done ? <Check className="size-4" aria-hidden /> : i + 1}
                </span>
                <span className={cn('h-0.5 flex-1', i === steps.length - 1 ? 'invisible' : i < current ? 'bg-primary' : 'bg-border')} aria-hidden />
              </div>
              {/* Whole words: the step keeps the width of its longest word rather than breaking "Confirmation". */}
              <span className={cn('text-xs leading-tight [overflow-wrap:normal] sm:text-sm', active ? 'font-semibold text-foreground' : 'text-muted-foreground')}>
                {label}
                {done && <span className="sr-only"> (completed)</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
