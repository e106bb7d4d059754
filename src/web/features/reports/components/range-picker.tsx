import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { RANGE_PRESETS, type RangePreset } from '@/features/reports/lib/report-range';

interface RangePickerProps {
  preset: RangePreset;
  onPresetChange: (preset: RangePreset) => void;
  customFrom: string;
  customTo: string;
  onCustomChange: (from: string, to: string) => void;
  /** Why the custom range cannot be used, shown under the date fields. */
  customError: string | null;
}

export function RangePicker({ preset, onPresetChange, customFrom, customTo, onCustomChange, customError }: RangePickerProps) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end" data-testid="report-range">
      <div className="w-full space-y-1.5 sm:w-48">
        <Label htmlFor="report-range-preset">Date range</Label>
        <NativeSelect id="report-range-preset" value={preset} onChange={(e) => onPresetChange(e.target.value as RangePreset)}>
          {RANGE_PRESETS.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      {preset === 'custom' && (
        <>
          <div className="grid grid-cols-2 gap-3 sm:flex sm:items-end">
            <div className="space-y-1.5 sm:w-44">
              <Label htmlFor="report-range-from">From</Label>
              <Input
                id="report-range-from"
                type="date"
                value={customFrom}
                max={customTo || undefined}
                aria-invalid={customError ? true : undefined}
                aria-describedby={customError ? 'report-range-error' : undefined}
                onChange={(e) => onCustomChange(e.target.value, customTo)}
              />
            </div>
            <div className="space-y-1.5 sm:w-44">
              <Label htmlFor="report-range-to">To</Label>
              <Input
                id="report-range-to"
                type="date"
                value={customTo}
                min={customFrom || undefined}
                aria-invalid={customError ? true : undefined}
                aria-describedby={customError ? 'report-range-error' : undefined}
                onChange={(e) => onCustomChange(customFrom, e.target.value)}
              />
            </div>
          </div>
          {customError && (
            <p id="report-range-error" role="alert" className="text-sm text-destructive sm:basis-full">
              {customError}
            </p>
          )}
        </>
      )}
    </div>
  );
}
