// Labelled form fields that the record forms repeat: a select of statuses, a date input and a checkbox with its hint.
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { statusLabel } from '@contracts/format';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';

interface FieldProps<T extends FieldValues, U> {
  control: Control<T, unknown, U>;
  name: FieldPath<T>;
  label: string;
}

/** A select whose options are status ids shown as labels (in_progress -> In Progress, or as `labelOf` words them). */
export function StatusSelectField<T extends FieldValues, U>({
  control,
  name,
  label,
  statuses,
  labelOf = statusLabel,
}: FieldProps<T, U> & { statuses: readonly string[]; labelOf?: (status: string) => string }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <NativeSelect {...field}>
              {statuses.map((s) => (
                <option key={s} value={s}>
                  {labelOf(s)}
                </option>
              ))}
            </NativeSelect>
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

export function DateField<T extends FieldValues, U>({ control, name, label }: FieldProps<T, U>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input type="date" {...field} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** A checkbox with its label beside it and a one-line hint under the label. */
export function CheckboxField<T extends FieldValues, U>({ control, name, label, hint }: FieldProps<T, U> & { hint: string }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className="grid grid-cols-[auto_1fr] items-start gap-x-2.5 gap-y-1">
          <FormControl>
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={field.value === true}
              onChange={(e) => field.onChange(e.target.checked)}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
            />
          </FormControl>
          <FormLabel>{label}</FormLabel>
          <FormDescription className="col-start-2 text-xs">{hint}</FormDescription>
          <FormMessage className="col-start-2" />
        </FormItem>
      )}
    />
  );
}
