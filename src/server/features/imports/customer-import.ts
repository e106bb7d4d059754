// Customers from a spreadsheet: the customer form's rules (docs/rules/records.md#customer-form), matched by e-mail, or by
// phone when the row has none (docs/rules/data-exchange.md#import-duplicates).
import { sql } from 'drizzle-orm';
import { createCustomerBodySchema, DEFAULT_PAYMENT_TERMS, PAYMENT_TERMS, PREFERRED_PAYMENT_METHODS, type CreateCustomerBody } from '../../../contracts/customers';
import { customers } from '../../db/schema/index';
import { rowsOf } from '../../db/client';
import { tenantWhere } from '../../platform/tenancy';
import { choice, firstOf, joined, plainNumber, usPhone, yesNo, zip5 } from './cell-values';
import { isOneOf, type Existing, type KindSpec, type WriteColumn } from './import-spec';

const COLUMNS: readonly WriteColumn<CreateCustomerBody>[] = [
  ['name', customers.name, 'text'],
  ['companyName', customers.companyName, 'text'],
  ['email', customers.email, 'text'],
  ['phone', customers.phone, 'text'],
  ['address', customers.address, 'text'],
  ['city', customers.city, 'text'],
  ['state', customers.state, 'text'],
  ['zip', customers.zip, 'text'],
  ['notes', customers.notes, 'text'],
  ['creditLimit', customers.creditLimit, 'numeric'],
  ['paymentTerms', customers.paymentTerms, 'text'],
  ['preferredPaymentMethod', customers.preferredPaymentMethod, 'text'],
  ['taxExempt', customers.taxExempt, 'boolean'],
];

export const customerImport: KindSpec<CreateCustomerBody> = {
  kind: 'customers',
  schema: createCustomerBodySchema,
  formInput: (cell) => ({
    name: cell('name') || joined([cell('firstName'), cell('lastName')], ' '),
    email: firstOf(cell('email')),
    phone: usPhone(firstOf(cell('phone')) || firstOf(cell('otherPhone'))),
    address: joined([cell('address'), cell('address2')], ', '),
    city: cell('city'),
    state: cell('state'),
    zip: zip5(cell('zip')),
    companyName: cell('companyName'),
    notes: cell('notes'),
    creditLimit: plainNumber(cell('creditLimit')),
    // Blank: the form's default (net30).
    paymentTerms: choice(cell('paymentTerms'), PAYMENT_TERMS, { dueuponreceipt: 'due_on_receipt', onreceipt: 'due_on_receipt' }) || undefined,
    preferredPaymentMethod: choice(cell('preferredPaymentMethod'), PREFERRED_PAYMENT_METHODS, {
      creditcard: 'card',
      debitcard: 'card',
      ach: 'bank_transfer',
      bank: 'bank_transfer',
      eft: 'bank_transfer',
      cheque: 'check',
    }),
    taxExempt: yesNo(cell('taxExempt')),
  }),
  // The form stores e-mails lower-case, so equal addresses are equal strings.
  keyOf: (c) => (c.email ? { by: 'email', value: c.email } : c.phone ? { by: 'phone', value: c.phone } : null),
  findExisting: async (db, scope, records) => {
    const emails = [...new Set(records.flatMap((c) => (c.email ? [c.email] : [])))];
    const phones = [...new Set(records.flatMap((c) => (!c.email && c.phone ? [c.phone] : [])))];
    if (emails.length === 0 && phones.length === 0) return records.map(() => null);
    // Two lookups in one statement, so each uses its own plan (the e-mail index; a hash of the phones).
    const found = await rowsOf<{ id: number; email: string | null; phone: string | null }>(
      db,
      sql`select ${customers.id} as id, ${customers.email} as email, null as phone from ${customers} where ${tenantWhere(scope, customers, isOneOf(customers.email, emails))}
        union all
        select ${customers.id}, null, ${customers.phone} from ${customers} where ${tenantWhere(scope, customers, isOneOf(customers.phone, phones))}
        order by id`,
    );
    // The oldest record of an e-mail or phone is the one a row matches.
    const byEmail = new Map<string, number>();
    const byPhone = new Map<string, number>();
    for (const r of found) {
      if (r.email && !byEmail.has(r.email)) byEmail.set(r.email, r.id);
      if (r.phone && !byPhone.has(r.phone)) byPhone.set(r.phone, r.id);
    }
    return records.map((c): Existing | null => {
      const id = c.email ? byEmail.get(c.email) : c.phone ? byPhone.get(c.phone) : undefined;
      return id === undefined ? null : { id };
    });
  },
  table: customers,
  columns: COLUMNS,
  // What the customer form's create leaves to its defaults; portal access and auto-pay are not written (column defaults).
  withDefaults: (c) => ({ ...c, paymentTerms: c.paymentTerms ?? DEFAULT_PAYMENT_TERMS, taxExempt: c.taxExempt ?? false }),
  updatedAt: customers.updatedAt,
};
