// How a customer row reads on screen: missing values show '-' (docs/rules/records.md#customer-list).
import type { Customer } from '@contracts/customers';

export const MISSING = '-';

export function orDash(value: string | null | undefined): string {
  return value && value.trim() ? value : MISSING;
}

type AddressParts = Pick<Customer, 'address' | 'city' | 'state' | 'zip'>;

/** ['12 Oak St', 'Springfield, IL 62701']: the street, then the place, each left out when empty. */
export function addressLines(customer: AddressParts): string[] {
  const stateZip = [customer.state, customer.zip].filter((s) => s && s.trim()).join(' ');
  const place = [customer.city, stateZip].filter((s): s is string => Boolean(s && s.trim())).join(', ');
  return [customer.address?.trim() ?? '', place].filter(Boolean);
}

/** '12 Oak St, Springfield, IL 62701' from whichever parts exist; '-' when none. */
export function addressLine(customer: AddressParts): string {
  const lines = addressLines(customer);
  return lines.length ? lines.join(', ') : MISSING;
}
