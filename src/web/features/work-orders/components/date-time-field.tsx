import { useFormContext, useWatch } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { timeOptionsWith } from '@/lib/date-time';

interface DateTimeFieldProps {
  label: string;
  timeLabel: string;
  dateName: 'startDate' | 'dueDate';
  timeName: 'startTime' | 'dueTime';
}

/** A date input and a 15-minute time select side by side (times in UTC, shown 12-hour). */
export function DateTimeField({ label, timeLabel, dateName, timeName }: DateTimeFieldProps) {
  const { register, control, formState } = useFormContext<Record<DateTimeFieldProps['dateName'] | DateTimeFieldProps['timeName'], string>>();
  const time = useWatch({ control, name: timeName });
  const id = `wo-${dateName}`;
  const error = formState.errors[dateName]?.message;
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="grid grid-cols-[minmax(0,1fr)_7.5rem] gap-2">
        <Input id={id} type="date" aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...register(dateName)} />
        <NativeSelect aria-label={timeLabel} {...register(timeName)}>
          {timeOptionsWith(time).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
