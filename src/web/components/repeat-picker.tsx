// The "Repeats" fields of a form that schedules visits (docs/rules/scheduling.md#repeating-visits): how often, every
// how many, and when it ends. Controlled, so any form can hold it under one field (a Controller over `repeat`).
import { useId } from 'react';
import { REPEAT_LIMITS, repeatFieldsSchema, type RepeatFieldValues } from '@contracts/repeat';
import { repeatOptions } from '@/lib/repeat-choice';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';

type FieldErrors = Partial<Record<keyof RepeatFieldValues, { message?: string } | undefined>>;

export interface RepeatPickerProps {
  value: RepeatFieldValues;
  onChange: (value: RepeatFieldValues) => void;
  /** The first visit's day, 'YYYY-MM-DD': names the choices ("Monthly on the second Tuesday"). */
  firstDate: string;
  errors?: FieldErrors;
}

export function RepeatPicker({ value, onChange, firstDate, errors }: RepeatPickerProps) {
  const id = useId();
  const set = (patch: Partial<RepeatFieldValues>) => onChange({ ...value, ...patch });
  // A select's text becomes the field's value only when it is one of the field's choices.
  const pickKind = (text: string) => {
    const parsed = repeatFieldsSchema.shape.repeatKind.safeParse(text);
    if (parsed.success) set({ repeatKind: parsed.data });
  };
  const pickEnds = (text: string) => {
    const parsed = repeatFieldsSchema.shape.repeatEnds.safeParse(text);
    if (parsed.success) set({ repeatEnds: parsed.data });
  };
  const unit = value.repeatKind === 'week' ? 'weeks' : 'months';
  return (
    <fieldset className="grid gap-3 rounded-md border p-3" data-testid="repeat-picker">
      <legend className="px-1 text-sm font-medium">Repeats</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${id}-kind`} label="Repeat">
          <NativeSelect id={`${id}-kind`} value={value.repeatKind} onChange={(e) => pickKind(e.target.value)}>
            {repeatOptions(firstDate).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
        </Field>
        {value.repeatKind !== 'none' && (
          <>
            <Field id={`${id}-every`} label={`Every how many ${unit}`} error={errors?.repeatEvery?.message}>
              <Input
                id={`${id}-every`}
                type="number"
                inputMode="numeric"
                min={1}
                max={REPEAT_LIMITS.maxInterval}
                value={value.repeatEvery}
                aria-invalid={errors?.repeatEvery ? true : undefined}
                onChange={(e) => set({ repeatEvery: e.target.value })}
              />
            </Field>
            <Field id={`${id}-ends`} label="Ends">
              <NativeSelect id={`${id}-ends`} value={value.repeatEnds} onChange={(e) => pickEnds(e.target.value)}>
                <option value="never">Never</option>
                <option value="on">On a date</option>
                <option value="after">After a number of visits</option>
              </NativeSelect>
            </Field>
            {value.repeatEnds === 'on' && (
              <Field id={`${id}-until`} label="Last date" error={errors?.repeatUntil?.message}>
                <Input id={`${id}-until`} type="date" value={value.repeatUntil} aria-invalid={errors?.repeatUntil ? true : undefined} onChange={(e) => set({ repeatUntil: e.target.value })} />
              </Field>
            )}
            {value.repeatEnds === 'after' && (
              <Field id={`${id}-count`} label="Visits in all" error={errors?.repeatCount?.message}>
                <Input
                  id={`${id}-count`}
                  type="number"
                  inputMode="numeric"
                  min={2}
                  max={REPEAT_LIMITS.maxCount}
                  value={value.repeatCount}
                  aria-invalid={errors?.repeatCount ? true : undefined}
                  onChange={(e) => set({ repeatCount: e.target.value })}
                />
              </Field>
            )}
          </>
        )}
      </div>
    </fieldset>
  );
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
