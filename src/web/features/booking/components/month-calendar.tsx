import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import {
  addDays,
  compareMonths,
  firstEnabledDay,
  longDate,
  monthGrid,
  monthOf,
  monthTitle,
  nextEnabledDay,
  shiftMonth,
  type MonthRef,
} from '@/features/booking/calendar';

const WEEKDAY_HEADERS = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const;

interface MonthCalendarProps {
  today: string;
  selected: string | null;
  onSelect: (date: string) => void;
  isDisabled: (date: string) => boolean;
  /** The last month worth showing (the one holding the last bookable day). */
  lastMonth: MonthRef;
}

/** A month grid with a roving focus: arrows move by day or week, PageUp/PageDown by month, always past disabled days. */
export function MonthCalendar({ today, selected, onSelect, isDisabled, lastMonth }: MonthCalendarProps) {
  const firstMonth = monthOf(today);
  const [focused, setFocused] = useState<string | null>(() => selected ?? firstEnabledDay(today, isDisabled));
  const [month, setMonth] = useState<MonthRef>(() => monthOf(selected ?? focused ?? today));
  const grid = useRef<HTMLDivElement>(null);
  const moveFocus = useRef(false);

  useEffect(() => {
    if (!moveFocus.current || !focused) return;
    moveFocus.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused, month]);

  const goTo = (date: string | null) => {
    if (!date) return;
    moveFocus.current = true;
    setFocused(date);
    setMonth(monthOf(date));
  };

  const showMonth = (next: MonthRef) => {
    setMonth(next);
    // Keep one day of the shown month tabbable.
    const first = firstEnabledDay(`${next.year}-${String(next.month + 1).padStart(2, '0')}-01`, isDisabled);
    if (first && compareMonths(monthOf(first), next) === 0) setFocused(first);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, date: string) => {
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    let target: string | null | undefined;
    if (event.key in steps) target = nextEnabledDay(date, steps[event.key], isDisabled);
    else if (event.key === 'PageUp' || event.key === 'PageDown') {
      const candidate = addDays(date, event.key === 'PageUp' ? -28 : 28);
      target = isDisabled(candidate) ? nextEnabledDay(candidate, event.key === 'PageUp' ? -1 : 1, isDisabled) : candidate;
    } else if (event.key === 'Home') target = nextEnabledDay(addDays(date, -Number(date.slice(8))), 1, isDisabled);
    else if (event.key === 'End') {
      const { year, month: m } = monthOf(date);
      const last = `${year}-${String(m + 1).padStart(2, '0')}-${String(new Date(Date.UTC(year, m + 1, 0)).getUTCDate()).padStart(2, '0')}`;
      target = nextEnabledDay(addDays(last, 1), -1, isDisabled);
    } else return;
    event.preventDefault();
    goTo(target ?? null);
  };

  const weeks = monthGrid(month);
  const canGoBack = compareMonths(month, firstMonth) > 0;
  const canGoForward = compareMonths(month, lastMonth) < 0;
  const tabbable = focused && compareMonths(monthOf(focused), month) === 0 ? focused : null;

  return (
    <div className="w-full max-w-sm select-none">
      <div className="mb-3 flex items-center justify-between gap-2">
        <Button type="button" variant="outline" size="icon" onClick={() => showMonth(shiftMonth(month, -1))} disabled={!canGoBack} aria-label="Previous month">
          <ChevronLeft aria-hidden />
        </Button>
        <h3 className="text-base font-semibold" id="booking-calendar-title" aria-live="polite">
          {monthTitle(month)}
        </h3>
        <Button type="button" variant="outline" size="icon" onClick={() => showMonth(shiftMonth(month, 1))} disabled={!canGoForward} aria-label="Next month">
          <ChevronRight aria-hidden />
        </Button>
      </div>
      <div ref={grid} role="grid" aria-labelledby="booking-calendar-title" className="grid gap-1">
        <div role="row" className="grid grid-cols-7 gap-1">
          {WEEKDAY_HEADERS.map(([short, full]) => (
            <div key={short} role="columnheader" aria-label={full} className="py-1 text-center text-xs font-medium text-muted-foreground">
              {short}
            </div>
          ))}
        </div>
        {weeks.map((week, i) => (
          <div key={i} role="row" className="grid grid-cols-7 gap-1">
            {week.map((date, j) => {
              if (!date) return <div key={j} role="gridcell" aria-hidden className="aspect-square" />;
              const disabled = isDisabled(date);
              const isSelected = date === selected;
              return (
                <div key={date} role="gridcell" aria-selected={isSelected} className="aspect-square">
                  <button
                    type="button"
                    data-date={date}
                    disabled={disabled}
                    tabIndex={date === tabbable ? 0 : -1}
                    aria-label={`${longDate(date)}${date === today ? ', today' : ''}${disabled ? ', unavailable' : ''}`}
                    aria-pressed={isSelected}
                    onClick={() => {
                      setFocused(date);
                      onSelect(date);
                    }}
                    onKeyDown={(e) => onKeyDown(e, date)}
                    className={cn(
                      'flex size-full items-center justify-center rounded-md text-sm transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                      disabled ? 'cursor-not-allowed text-muted-foreground/40 line-through' : 'font-medium hover:bg-accent',
                      date === today && !isSelected && 'border border-primary/50',
                      isSelected && 'bg-primary text-primary-foreground hover:bg-primary-hover',
                    )}
                  >
                    {Number(date.slice(8))}
                  </button>
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
