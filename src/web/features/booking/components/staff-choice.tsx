// "With": whom the visitor books (docs/rules/team.md#online-booking), shown only when the organization lets customers
// choose. "Any available" is the default; each person is named as first name and initial. Native radios, so the arrow
// keys move the choice, styled as pills large enough to tap on a phone.
import { cn } from '@/lib/utils';

export interface StaffOption {
  id: number;
  name: string;
}

interface StaffChoiceProps {
  people: readonly StaffOption[];
  /** null: any available. */
  chosen: number | null;
  onChoose: (staffId: number | null) => void;
}

export const ANY_AVAILABLE = 'Any available';

export function StaffChoice({ people, chosen, onChoose }: StaffChoiceProps) {
  const options: { id: number | null; name: string }[] = [{ id: null, name: ANY_AVAILABLE }, ...people];
  return (
    <fieldset className="min-w-0" data-testid="staff-choice">
      <legend className="mb-3 text-lg font-semibold">With</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const on = option.id === chosen;
          return (
            <label
              key={option.id ?? 'any'}
              className={cn(
                'inline-flex min-h-10 cursor-pointer items-center rounded-full border px-4 text-sm font-medium transition-colors has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
                on ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:border-primary/60 hover:bg-muted',
              )}
            >
              <input type="radio" name="booking-staff" className="sr-only" checked={on} onChange={() => onChoose(option.id)} />
              {option.name}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
