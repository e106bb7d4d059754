import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { ACCOUNTING_FORMAT_LABELS, ACCOUNTING_FORMATS } from '@contracts/accounting';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { NativeSelect } from '@/components/ui/native-select';

/** The accounting system's select, on the settings (the default) and on the Export form (this export's). */
export function FormatField<T extends FieldValues, U>({ control, name, label, hint, className }: { control: Control<T, unknown, U>; name: FieldPath<T>; label: string; hint?: string; className?: string }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <NativeSelect {...field}>
              {ACCOUNTING_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {ACCOUNTING_FORMAT_LABELS[f]}
                </option>
              ))}
            </NativeSelect>
          </FormControl>
          {hint && <FormDescription>{hint}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
