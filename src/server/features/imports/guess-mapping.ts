// The mapping guessed from a file's headers (docs/rules/data-exchange.md#column-guessing): each field takes the first
// of its known header names the file has, in the order listed, and a column serves one field at most. The lists hold
// the column names of the exports businesses arrive with: Jobber's client export, Housecall Pro's customer export and
// QuickBooks Online's customer and vendor lists, so those map with no manual work.
import { IMPORT_FIELDS, type ImportKind, type ImportMapping } from '../../../contracts/imports';

/** Headers compared case, spacing and punctuation aside: "E-mails" is "e mails", "Main Phone #s" is "main phone". */
export function normalizeHeader(header: string): string {
  return header
    .toLowerCase()
    .replace(/#s?\b|#/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const EMAIL = ['Email', 'E-mail', 'E-mails', 'Emails', 'Email Address', 'E-mail Address', 'Main Email', 'Primary Email'];
const PHONE = ['Phone', 'Main Phone', 'Main Phone #s', 'Phone Number', 'Phone Numbers', 'Telephone', 'Primary Phone', 'Mobile', 'Mobile Phone', 'Mobile Phone #s', 'Mobile Number', 'Cell', 'Cell Phone'];
const OTHER_PHONE = ['Mobile', 'Mobile Phone', 'Mobile Phone #s', 'Mobile Number', 'Cell', 'Cell Phone', 'Home Phone', 'Home Phone #s', 'Home Number', 'Work Phone', 'Work Phone #s', 'Work Number', 'Other Phone', 'Other Phone #s'];
// A billing address before a service (property) address: Jobber's export has both.
const STREET = ['Address', 'Street', 'Street Address', 'Street 1', 'Address 1', 'Address Line 1', 'Billing Street', 'Billing Street 1', 'Billing Address', 'Billing Address Line 1', 'Service Street 1', 'Service Street', 'Property Street'];
const STREET_2 = ['Address 2', 'Address Line 2', 'Street 2', 'Street Line 2', 'Billing Street 2', 'Billing Address Line 2', 'Service Street 2', 'Unit', 'Suite', 'Apt'];
const CITY = ['City', 'Town', 'Billing City', 'Service City', 'Property City'];
const STATE = ['State', 'Province', 'State/Province', 'Region', 'Billing State', 'Billing Province', 'Service State', 'Property State'];
const ZIP = ['ZIP', 'ZIP Code', 'Zipcode', 'Postal Code', 'Postcode', 'ZIP/Postal Code', 'Billing ZIP', 'Billing ZIP Code', 'Billing Postal Code', 'Service Zip code', 'Property Zip'];
const COMPANY = ['Company', 'Company Name', 'Business Name', 'Business', 'Organization'];
const NOTES = ['Notes', 'Note', 'Comments', 'Customer Notes', 'Client Notes', 'Vendor Notes'];
const TERMS = ['Payment Terms', 'Terms'];

/** Per kind, per field: the header names that mean it, best first. */
const SYNONYMS: Record<ImportKind, Record<string, readonly string[]>> = {
  customers: {
    name: ['Name', 'Display Name', 'Display Name as', 'Customer', 'Customer Name', 'Client', 'Client Name', 'Full Name', 'Contact Name'],
    firstName: ['First Name', 'First', 'Given Name'],
    lastName: ['Last Name', 'Last', 'Surname', 'Family Name'],
    companyName: COMPANY,
    email: EMAIL,
    phone: PHONE,
    otherPhone: OTHER_PHONE,
    address: STREET,
    address2: STREET_2,
    city: CITY,
    state: STATE,
    zip: ZIP,
    notes: NOTES,
    creditLimit: ['Credit Limit'],
    paymentTerms: TERMS,
    preferredPaymentMethod: ['Preferred Payment Method', 'Payment Method', 'Preferred Payment'],
    taxExempt: ['Tax Exempt', 'Tax-Exempt', 'Exempt'],
  },
  inventory_items: {
    name: ['Name', 'Item', 'Item Name', 'Product', 'Product Name', 'Product/Service', 'Product/Service Name', 'Title'],
    sku: ['SKU', 'Item Code', 'Item Number', 'Part Number', 'Part #', 'Product Code', 'Code'],
    description: ['Description', 'Sales Description', 'Item Description', 'Details'],
    category: ['Category', 'Item Category', 'Product Category', 'Group'],
    quantity: ['Quantity', 'Qty', 'Quantity on Hand', 'Qty on Hand', 'On Hand', 'Stock', 'In Stock'],
    minimumStock: ['Minimum Stock', 'Min Stock', 'Minimum', 'Reorder Point', 'Reorder Level'],
    unitCost: ['Unit Cost', 'Cost', 'Purchase Cost', 'Cost Price'],
    unitPrice: ['Unit Price', 'Price', 'Sales Price', 'Sales Price/Rate', 'Sell Price', 'Rate'],
    supplier: ['Supplier', 'Vendor', 'Preferred Vendor'],
    location: ['Location', 'Bin', 'Warehouse', 'Bin Location'],
  },
  services: {
    name: ['Service Name', 'Name', 'Service', 'Product/Service', 'Product/Service Name', 'Item', 'Item Name', 'Title'],
    description: ['Description', 'Sales Description', 'Details'],
    duration: ['Duration', 'Duration (minutes)', 'Duration Minutes', 'Minutes', 'Length'],
    price: ['Price', 'Unit Price', 'Rate', 'Sales Price/Rate', 'Sales Price'],
    isActive: ['Active', 'Is Active', 'Enabled', 'Status'],
    bufferBefore: ['Buffer Before', 'Buffer Before (minutes)'],
    bufferAfter: ['Buffer After', 'Buffer After (minutes)'],
  },
  vendors: {
    name: ['Name', 'Vendor', 'Vendor Name', 'Display Name', 'Display Name as', 'Supplier', 'Supplier Name'],
    companyName: COMPANY,
    email: EMAIL,
    phone: PHONE,
    address: STREET,
    address2: STREET_2,
    city: CITY,
    state: STATE,
    zip: ZIP,
    taxId: ['Tax ID', 'Tax ID Number', 'Tax Identification Number', 'TIN', 'EIN', 'Business ID No', 'Business ID No.', 'Tax Registration Number'],
    paymentTerms: TERMS,
    notes: NOTES,
  },
};

const NORMALIZED: Record<ImportKind, [string, string[]][]> = Object.fromEntries(
  Object.entries(SYNONYMS).map(([kind, fields]) => [kind, Object.entries(fields).map(([f, names]) => [f, names.map(normalizeHeader)])]),
) as Record<ImportKind, [string, string[]][]>;

/** Every field of the kind, mapped to the column its header names, or null. */
export function guessMapping(kind: ImportKind, columns: readonly string[]): ImportMapping {
  const byHeader = new Map<string, string>();
  for (const column of columns) {
    const key = normalizeHeader(column);
    if (key && !byHeader.has(key)) byHeader.set(key, column);
  }
  const taken = new Set<string>();
  const mapping: ImportMapping = {};
  const synonyms = new Map(NORMALIZED[kind]);
  for (const { name } of IMPORT_FIELDS[kind]) {
    const column = (synonyms.get(name) ?? []).map((s) => byHeader.get(s)).find((c) => c !== undefined && !taken.has(c));
    mapping[name] = column ?? null;
    if (column) taken.add(column);
  }
  return mapping;
}
