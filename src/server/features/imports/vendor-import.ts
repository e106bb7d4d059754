// Vendors from a spreadsheet: the vendor form's rules (docs/rules/records.md#vendor-form), matched by e-mail, else by
// name (docs/rules/data-exchange.md#import-duplicates). A vendor has one address field: the street, city, state and
// ZIP columns an export splits it into are joined back ("12 Elm St, Springfield, IL 62704").
import { sql } from 'drizzle-orm';
import { createVendorBodySchema, VENDOR_PAYMENT_TERMS, type CreateVendorBody } from '../../../contracts/vendors';
import { vendors } from '../../db/schema/index';
import { rowsOf } from '../../db/client';
import { tenantWhere } from '../../platform/tenancy';
import { choice, firstOf, joined, zip5 } from './cell-values';
import { isOneOf, type Existing, type KindSpec, type WriteColumn } from './import-spec';

const COLUMNS: readonly WriteColumn<CreateVendorBody>[] = [
  ['name', vendors.name, 'text'],
  ['companyName', vendors.companyName, 'text'],
  ['email', vendors.email, 'text'],
  ['phone', vendors.phone, 'text'],
  ['address', vendors.address, 'text'],
  ['taxId', vendors.taxId, 'text'],
  ['paymentTerms', vendors.paymentTerms, 'text'],
  ['notes', vendors.notes, 'text'],
];

export const vendorImport: KindSpec<CreateVendorBody> = {
  kind: 'vendors',
  schema: createVendorBodySchema,
  formInput: (cell) => ({
    name: cell('name'),
    email: firstOf(cell('email')),
    phone: firstOf(cell('phone')),
    address: joined([cell('address'), cell('address2'), cell('city'), joined([cell('state'), zip5(cell('zip'))], ' ')], ', '),
    companyName: cell('companyName'),
    taxId: cell('taxId'),
    paymentTerms: choice(cell('paymentTerms'), VENDOR_PAYMENT_TERMS, { cod: 'cash_on_delivery', dueuponreceipt: 'due_on_receipt', onreceipt: 'due_on_receipt' }),
    notes: cell('notes'),
  }),
  keyOf: (v) => (v.email ? { by: 'email', value: v.email.toLowerCase() } : { by: 'name', value: v.name.toLowerCase() }),
  findExisting: async (db, scope, records) => {
    const emails = [...new Set(records.flatMap((v) => (v.email ? [v.email.toLowerCase()] : [])))];
    const names = [...new Set(records.map((v) => v.name.toLowerCase()))];
    // The vendor form keeps an e-mail as typed, so both sides are compared lower-case.
    const found = await rowsOf<{ id: number; email: string | null; name: string }>(
      db,
      sql`select ${vendors.id} as id, lower(${vendors.email}) as email, lower(${vendors.name}) as name from ${vendors}
        where ${tenantWhere(scope, vendors, sql`(${isOneOf(sql`lower(${vendors.email})`, emails)} or ${isOneOf(sql`lower(${vendors.name})`, names)})`)}
        order by ${vendors.id}`,
    );
    const byEmail = new Map<string, number>();
    const byName = new Map<string, number>();
    for (const r of found) {
      if (r.email && !byEmail.has(r.email)) byEmail.set(r.email, r.id);
      if (!byName.has(r.name)) byName.set(r.name, r.id);
    }
    return records.map((v): Existing | null => {
      const id = (v.email ? byEmail.get(v.email.toLowerCase()) : undefined) ?? byName.get(v.name.toLowerCase());
      return id === undefined ? null : { id };
    });
  },
  table: vendors,
  columns: COLUMNS,
  withDefaults: (v) => v,
  updatedAt: vendors.updatedAt,
};
