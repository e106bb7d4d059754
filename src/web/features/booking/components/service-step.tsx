import { Check, Clock } from 'lucide-react';
import { bookingDepositCents, type PublicSchedule, type PublicService } from '@contracts/scheduling';
import { formatMoney, fromCents } from '@contracts/money';
import { cn } from '@/lib/utils';
import { durationLabel } from '@/lib/time-labels';

interface ServiceStepProps {
  services: PublicService[];
  selectedId: number | null;
  onSelect: (service: PublicService) => void;
  /** What the organization asks to hold a booking (docs/rules/scheduling.md#holding-a-booking). */
  hold: Pick<PublicSchedule['settings'], 'bookingHold' | 'bookingDepositPercent'>;
}

/** "Deposit $20.00 to book" (a free service asks none), or "Card on file to book". */
function holdNote(service: PublicService, hold: ServiceStepProps['hold']): string | null {
  if (hold.bookingHold === 'card') return 'Card on file to book';
  if (hold.bookingHold !== 'deposit') return null;
  const cents = bookingDepositCents(service.price, hold.bookingDepositPercent);
  return cents > 0 ? `Deposit ${formatMoney(fromCents(cents))} to book` : null;
}

export function ServiceStep({ services, selectedId, onSelect, hold }: ServiceStepProps) {
  if (services.length === 0) {
    return (
      <div className="rounded-xl border border-dashed py-12 text-center">
        <h3 className="text-lg font-semibold">No Services Available</h3>
        <p className="mt-1 text-sm text-muted-foreground">Online booking is not open yet. Please contact us directly.</p>
      </div>
    );
  }
  return (
    <fieldset>
      <legend className="mb-3 text-lg font-semibold">Select a service</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {services.map((service) => {
          const selected = service.id === selectedId;
          const note = holdNote(service, hold);
          return (
            <button
              key={service.id}
              type="button"
              aria-pressed={selected}
              onClick={() => onSelect(service)}
              className={cn(
                'flex flex-col gap-2 rounded-xl border bg-card p-4 text-left transition-colors outline-none hover:border-primary/60 focus-visible:ring-[3px] focus-visible:ring-ring/50',
                selected && 'border-primary ring-1 ring-primary',
              )}
            >
              <span className="flex items-start justify-between gap-2">
                <span className="font-semibold">{service.name}</span>
                {selected && <Check className="size-5 shrink-0 text-primary" aria-hidden />}
              </span>
              {service.description && <span className="line-clamp-3 text-sm text-muted-foreground">{service.description}</span>}
              <span className="mt-auto flex items-center justify-between gap-2 pt-1 text-sm">
                <span className="inline-flex items-center gap-1.5 text-muted-foreground">
                  <Clock className="size-4" aria-hidden />
                  {durationLabel(service.duration)}
                </span>
                <span className="font-semibold">{formatMoney(service.price)}</span>
              </span>
              {note && (
                <span className="self-end rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-200" data-testid="service-hold-note">
                  {note}
                </span>
              )}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
