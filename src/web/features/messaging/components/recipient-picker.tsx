// Recipients of a new message: a server-searched list of customers with checkboxes, the chosen shown as chips.
import { useId, useState } from 'react';
import { Search, X } from 'lucide-react';
import { formatPhone } from '@contracts/format';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useCustomerOptions } from '@/lib/customer-options';
import { recipientChoices, type MessageKind, type RecipientChoice } from '@/features/messaging/lib/message-display';
import { useDebouncedValue } from '@/lib/use-debounced-value';

interface RecipientPickerProps {
  type: MessageKind;
  value: RecipientChoice[];
  onChange: (value: RecipientChoice[]) => void;
  /** id of the hint or error text under the picker. */
  describedBy?: string;
}

export function RecipientPicker({ type, value, onChange, describedBy }: RecipientPickerProps) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 250);
  const options = useCustomerOptions(q);
  const choices = recipientChoices(options.data ?? [], type);
  const chosen = new Set(value.map((r) => r.value));
  const show = (v: string) => (type === 'sms' ? formatPhone(v) : v);

  const toggle = (choice: RecipientChoice, on: boolean) =>
    onChange(on ? [...value, choice] : value.filter((r) => r.value !== choice.value));

  return (
    <div className="space-y-2" aria-describedby={describedBy}>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Chosen recipients">
          {value.map((r) => (
            <li key={r.value} className="inline-flex max-w-full items-center gap-1 rounded-full bg-secondary py-0.5 pr-1 pl-2.5 text-xs" data-testid="recipient-chip">
              <span className="min-w-0 truncate" title={`${r.name} ${show(r.value)}`}>
                {r.name} <span className="text-muted-foreground">{show(r.value)}</span>
              </span>
              <button
                type="button"
                className="rounded-full p-0.5 hover:bg-background"
                onClick={() => toggle(r, false)}
                aria-label={`Remove ${r.name}`}
              >
                <X className="size-3" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          Search customers
        </label>
        <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          id={searchId}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Search customers..."
          maxLength={200}
          className="pl-8"
        />
      </div>
      <div className="max-h-44 overflow-y-auto rounded-md border" role="group" aria-label="Customers">
        {options.isPending ? (
          <div className="flex justify-center p-4">
            <Spinner label="Loading customers" />
          </div>
        ) : choices.length === 0 ? (
          <p className="p-3 text-center text-sm text-muted-foreground" data-testid="no-recipient-choices">
            {type === 'sms' ? 'No customers with a phone number found.' : 'No customers with an email address found.'}
          </p>
        ) : (
          <ul className="divide-y">
            {choices.map((c) => {
              const id = `${searchId}-${c.customerId}`;
              return (
                <li key={c.customerId}>
                  <label htmlFor={id} className="flex cursor-pointer items-center gap-2 px-3 py-2 text-sm hover:bg-muted/50">
                    <input id={id} type="checkbox" className="size-4 accent-primary" checked={chosen.has(c.value)} onChange={(e) => toggle(c, e.target.checked)} />
                    <span className="min-w-0 flex-1 truncate">{c.name}</span>
                    <span className="max-w-[60%] min-w-0 truncate text-xs text-muted-foreground" title={show(c.value)}>{show(c.value)}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
