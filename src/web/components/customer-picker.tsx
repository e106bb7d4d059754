// The customer field of the work order, estimate and invoice forms: a button showing the chosen
// customer that opens a server-searched list (customers can be many, so nothing loads them all).
// A super user's session spans organizations: each option names its organization, and a record's
// `organizationId` keeps the list to that organization's customers, so a customer of another
// organization cannot be chosen (docs/decisions/015-one-form-pattern.md).
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Check, ChevronsUpDown, Search } from 'lucide-react';
import { OWN_ESCAPE_ATTRIBUTE } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useCustomerOptions } from '@/lib/customer-options';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useLabels, useRecordWord } from '@/lib/use-labels';
import { useOrganizationLabel } from '@/lib/use-organizations';

export interface PickedCustomer {
  id: number;
  organizationId: number;
  name: string;
  paymentTerms?: string | null;
  taxExempt?: boolean;
}

interface CustomerPickerProps {
  id?: string;
  value: number | null;
  /** The chosen customer's name, which may not be among the current search results. */
  selectedName: string | null;
  onChange: (customer: PickedCustomer) => void;
  invalid?: boolean;
  disabled?: boolean;
  /** The record's organization (chosen in the form, or the record's own when editing): only its customers are offered. */
  organizationId?: number | null;
  /** A super user must choose the record's organization before its customer. */
  needsOrganization?: boolean;
  'aria-describedby'?: string;
}

export function CustomerPicker({ id, value, selectedName, onChange, invalid, disabled, organizationId = null, needsOrganization = false, ...aria }: CustomerPickerProps) {
  const listId = useId();
  const [isOpen, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { user } = useCurrentUser();
  const isSuperUser = user?.role === 'super_user';
  const waitsForOrganization = isSuperUser && needsOrganization && organizationId === null;
  const word = useRecordWord('customers');
  const customersWord = useLabels().customers.toLowerCase();
  const organizationName = useOrganizationLabel(isSuperUser);
  const q = useDebouncedValue(search.trim(), 250);
  const options = useCustomerOptions(isOpen ? q : '', isSuperUser ? organizationId : null, { enabled: isOpen && !waitsForOrganization });
  const items = isOpen ? (options.data ?? []) : [];

  // Closing the list removes the search box that had focus: focus goes back to the field, not to the page.
  const close = () => {
    setOpen(false);
    setSearch('');
    buttonRef.current?.focus();
  };

  const choose = (customer: PickedCustomer) => {
    onChange({ id: customer.id, organizationId: customer.organizationId, name: customer.name, paymentTerms: customer.paymentTerms, taxExempt: customer.taxExempt });
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => Math.min(i + 1, items.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const item = items[active];
      if (item) choose(item);
    } else if (event.key === 'Escape') {
      // Closes the list only: the dialog around it stays open (see OWN_ESCAPE_ATTRIBUTE).
      event.preventDefault();
      close();
    }
  };
  const optionId = (i: number) => `${listId}-option-${i}`;

  return (
    <div className="grid gap-2">
      <button
        ref={buttonRef}
        id={id}
        type="button"
        role="combobox"
        aria-expanded={isOpen}
        aria-controls={listId}
        aria-invalid={invalid}
        aria-describedby={aria['aria-describedby']}
        disabled={disabled || waitsForOrganization}
        onClick={() => {
          setOpen((v) => !v);
          setActive(0);
        }}
        className={cn(
          'flex h-9 w-full min-w-0 items-center justify-between gap-2 rounded-md border border-input bg-card px-3 text-left text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive md:text-sm',
          !value && 'text-muted-foreground',
        )}
      >
        <span className="truncate">
          {value ? (selectedName ?? `${word.title} #${value}`) : waitsForOrganization ? 'Choose the organization first' : `Select a ${word.lower}`}
        </span>
        <ChevronsUpDown className="size-4 shrink-0 opacity-60" aria-hidden />
      </button>
      {isOpen && (
        <div className="rounded-md border bg-popover p-2 shadow-sm" data-testid="customer-picker-panel" {...{ [OWN_ESCAPE_ATTRIBUTE]: '' }}>
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              autoFocus
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setActive(0);
              }}
              onKeyDown={onKeyDown}
              placeholder={`Search ${customersWord}...`}
              aria-label="Search customers"
              aria-controls={listId}
              aria-activedescendant={items[active] ? optionId(active) : undefined}
              className="pl-8"
            />
          </div>
          <ul id={listId} role="listbox" aria-label="Customers" className="mt-2 max-h-56 overflow-y-auto">
            {options.isPending && q === search.trim() ? (
              <li className="p-2">
                <Spinner label="Loading..." />
              </li>
            ) : options.isError ? (
              <li className="p-2 text-sm text-destructive">Could not load customers.</li>
            ) : items.length === 0 ? (
              <li className="p-2 text-sm text-muted-foreground">No results found.</li>
            ) : (
              items.map((c, i) => (
                <li
                  key={c.id}
                  id={optionId(i)}
                  role="option"
                  aria-selected={c.id === value}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(c)}
                  onMouseEnter={() => setActive(i)}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm',
                    i === active && 'bg-accent text-accent-foreground',
                  )}
                >
                  <Check className={cn('size-4 shrink-0', c.id === value ? 'opacity-100' : 'opacity-0')} aria-hidden />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{c.name}</span>
                    {(c.email || c.phone) && <span className="block truncate text-xs text-muted-foreground">{c.email ?? c.phone}</span>}
                  </span>
                  {isSuperUser && (
                    <span className="max-w-[45%] shrink-0 truncate text-xs text-muted-foreground" data-testid="customer-option-organization">
                      {organizationName(c.organizationId)}
                    </span>
                  )}
                </li>
              ))
            )}
          </ul>
        </div>
      )}
    </div>
  );
}
