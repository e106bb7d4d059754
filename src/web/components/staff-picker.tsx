// Who is on an appointment, a job or a service (docs/rules/team.md#assignment): the team as a row of toggle chips,
// large enough to tap on a phone, for a react-hook-form field holding staff member ids.
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import type { StaffMember } from '@contracts/team';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { cn } from '@/lib/utils';

interface StaffPickerFieldProps<T extends FieldValues, U> {
  control: Control<T, unknown, U>;
  name: FieldPath<T>;
  label: string;
  staff: readonly Pick<StaffMember, 'id' | 'name'>[];
  hint?: string;
  /** Shown when nobody is picked ("Unassigned", "Everyone bookable"). */
  emptyText: string;
}

export function StaffPickerField<T extends FieldValues, U>({ control, name, label, staff, hint, emptyText }: StaffPickerFieldProps<T, U>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => {
        const picked: number[] = Array.isArray(field.value) ? field.value : [];
        const toggle = (id: number) => field.onChange(picked.includes(id) ? picked.filter((x) => x !== id) : [...picked, id]);
        return (
          <FormItem>
            <FormLabel>{label}</FormLabel>
            <FormControl>
              <div role="group" aria-label={label} className="flex flex-wrap gap-2">
                {staff.map((member) => {
                  const on = picked.includes(member.id);
                  return (
                    <button
                      key={member.id}
                      type="button"
                      aria-pressed={on}
                      onClick={() => toggle(member.id)}
                      onBlur={field.onBlur}
                      className={cn(
                        'min-h-9 rounded-full border px-3 text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                        on ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-muted',
                      )}
                    >
                      {member.name}
                    </button>
                  );
                })}
              </div>
            </FormControl>
            <FormDescription className="text-xs">{picked.length === 0 ? emptyText : hint}</FormDescription>
            <FormMessage />
          </FormItem>
        );
      }}
    />
  );
}
