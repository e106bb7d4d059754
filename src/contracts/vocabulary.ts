// Industry label sets (docs/rules/platform.md#industry-vocabulary).

export interface LabelSet {
  customers: string;
  workOrders: string;
  estimates: string;
  invoices: string;
  inventory: string;
}

export const INDUSTRY_LABELS: Record<string, LabelSet> = {
  Healthcare: { customers: 'Patients', workOrders: 'Procedures', estimates: 'Treatment Plans', invoices: 'Medical Bills', inventory: 'Chiropractic Approach' },
  Veterinary: { customers: 'Pet Owners', workOrders: 'Treatments', estimates: 'Treatment Plans', invoices: 'Vet Bills', inventory: 'Veterinary Supplies' },
  'Home Services': { customers: 'Customers', workOrders: 'Service Jobs', estimates: 'Service Quotes', invoices: 'Service Bills', inventory: 'Parts & Materials' },
  'Lawn & Landscaping': { customers: 'Customers', workOrders: 'Service Jobs', estimates: 'Service Quotes', invoices: 'Service Bills', inventory: 'Equipment & Supplies' },
  Automotive: { customers: 'Customers', workOrders: 'Repair Jobs', estimates: 'Repair Quotes', invoices: 'Repair Bills', inventory: 'Auto Parts' },
  Construction: { customers: 'Clients', workOrders: 'Projects', estimates: 'Project Bids', invoices: 'Progress Bills', inventory: 'Building Materials' },
  'Professional Services': { customers: 'Clients', workOrders: 'Projects', estimates: 'Fee Estimates', invoices: 'Professional Bills', inventory: 'Office Supplies' },
  'Cleaning Services': { customers: 'Customers', workOrders: 'Cleaning Jobs', estimates: 'Service Quotes', invoices: 'Service Bills', inventory: 'Cleaning Supplies' },
  Technology: { customers: 'Clients', workOrders: 'Projects', estimates: 'Project Quotes', invoices: 'Service Bills', inventory: 'IT Equipment' },
  'Personal Services': { customers: 'Clients', workOrders: 'Service Jobs', estimates: 'Service Quotes', invoices: 'Service Bills', inventory: 'Supplies' },
  Default: { customers: 'Customers', workOrders: 'Work Orders', estimates: 'Estimates', invoices: 'Invoices', inventory: 'Inventory' },
};

/** The industry choices of the organization form: sorted, without Default. */
export const INDUSTRIES: readonly string[] = Object.keys(INDUSTRY_LABELS)
  .filter((k) => k !== 'Default')
  .sort((a, b) => a.localeCompare(b));

/** Exact match first, then a case-insensitive partial match, then Default. */
export function industryKey(industry: string | null | undefined): string {
  if (!industry) return 'Default';
  if (INDUSTRY_LABELS[industry]) return industry;
  const needle = industry.trim().toLowerCase();
  if (!needle) return 'Default';
  const partial = Object.keys(INDUSTRY_LABELS).find((k) => {
    const key = k.toLowerCase();
    return k !== 'Default' && (key.includes(needle) || needle.includes(key));
  });
  return partial ?? 'Default';
}

/**
 * Labels for an organization: its industry's set, with the organization's own overrides on top
 * (docs/rules/platform.md#industry-vocabulary): overrides are stored per organization, so no organization's words are written into the code.
 */
export function labelsFor(industry: string | null | undefined, overrides?: Partial<LabelSet> | null): LabelSet {
  const base = INDUSTRY_LABELS[industryKey(industry)];
  const clean: Partial<LabelSet> = {};
  for (const [k, v] of Object.entries(overrides ?? {})) {
    if (typeof v === 'string' && v.trim()) clean[k as keyof LabelSet] = v.trim();
  }
  return { ...base, ...clean };
}

/** Singular form for buttons such as "Add Customer" / "New Patient". */
export function singular(label: string): string {
  if (/ies$/i.test(label)) return label.replace(/ies$/i, 'y');
  if (/(ss|sh|ch|x)es$/i.test(label)) return label.replace(/es$/i, '');
  if (/s$/i.test(label) && !/ss$/i.test(label)) return label.replace(/s$/i, '');
  return label;
}

/**
 * One record of a kind in the organization's words: `title` "Medical Bill" for headings and buttons, `lower`
 * "medical bill" inside a sentence. The general vocabulary gives "Invoice" / "invoice".
 */
export function recordWord(labels: LabelSet, kind: keyof LabelSet): { title: string; lower: string } {
  const title = singular(labels[kind]);
  return { title, lower: title.toLowerCase() };
}
