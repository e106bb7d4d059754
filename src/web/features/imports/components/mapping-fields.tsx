// Which column fills each field (docs/rules/data-exchange.md#column-guessing): one select per field, the guessed column
// already chosen; and what to do with rows matching a record already there.
import type { Control } from 'react-hook-form';
import { IMPORT_DUPLICATE_LABELS, IMPORT_DUPLICATES, type ImportChoices, type ImportField, type ImportFormValues } from '@contracts/imports';
import { FormControl, FormDescription, FormField, FormItem, FormLabel } from '@/components/ui/form';
import { NativeSelect } from '@/components/ui/native-select';

interface Props {
  control: Control<ImportFormValues, unknown, ImportChoices>;
  fields: ImportField[];
  columns: string[];
}

export function MappingFields({ control, fields, columns }: Props) {
  return (
    <div className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="import-mapping">
      {fields.map((f) => (
        <FormField
          key={f.name}
          control={control}
          name={`mapping.${f.name}`}
          render={({ field }) => (
            <FormItem className="content-start">
              <FormLabel>
                {f.label}
                {f.required && (
                  <span className="text-destructive" aria-hidden>
                    {' '}
                    *
                  </span>
                )}
              </FormLabel>
              <FormControl>
                <NativeSelect {...field} value={field.value ?? ''}>
                  <option value="">Not imported</option>
                  {columns.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </NativeSelect>
              </FormControl>
              {f.hint && <FormDescription>{f.hint}</FormDescription>}
            </FormItem>
          )}
        />
      ))}
    </div>
  );
}

export function DuplicatesChoice({ control, noun, matchText }: { control: Props['control']; noun: string; matchText: string }) {
  return (
    <FormField
      control={control}
      name="duplicates"
      render={({ field }) => (
        <fieldset className="grid gap-2" data-testid="import-duplicates">
          <legend className="mb-1 text-sm font-medium">
            Rows matching a {noun} already there ({matchText})
          </legend>
          {IMPORT_DUPLICATES.map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input type="radio" className="size-4 accent-primary" name={field.name} value={value} checked={field.value === value} onChange={() => field.onChange(value)} onBlur={field.onBlur} />
              {IMPORT_DUPLICATE_LABELS[value]}
              {value === 'update' && <span className="text-muted-foreground">(the filled-in cells replace what is there)</span>}
            </label>
          ))}
        </fieldset>
      )}
    />
  );
}
