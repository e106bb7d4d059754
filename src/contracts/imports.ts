// Spreadsheet imports (docs/rules/data-exchange.md#imports): what may be imported, the fields a file's columns map to,
// the limits and texts, and the API shapes, shared by the server and the Import data screen.
import { z } from 'zod';
import { listQuerySchema } from './lists';
import type { Permission } from './permissions';

export const IMPORT_KINDS = ['customers', 'inventory_items', 'services', 'vendors'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_KIND_LABELS: Record<ImportKind, string> = {
  customers: 'Customers',
  inventory_items: 'Inventory items',
  services: 'Services',
  vendors: 'Vendors',
};

/** Importing creates records, so it takes the permission that creates them by hand (docs/rules/data-exchange.md#import-permissions). */
export const IMPORT_PERMISSIONS: Record<ImportKind, Permission> = {
  customers: 'manage_customers',
  inventory_items: 'manage_inventory',
  services: 'manage_appointments',
  vendors: 'manage_vendors',
};

/** The list each kind's Import button sits on, where the result links back to. */
export const IMPORT_LIST_PATHS: Record<ImportKind, string> = {
  customers: '/customers',
  inventory_items: '/inventory',
  services: '/scheduling?tab=services',
  vendors: '/vendors',
};

/** docs/rules/data-exchange.md#import-limits */
export const IMPORT_LIMITS = {
  /** The multipart field holding the file. */
  field: 'file',
  maxBytes: 20 * 1024 * 1024,
  maxRows: 50_000,
  maxColumns: 250,
  /** What an XLSX may unpack to, all its parts together. */
  maxUnpackedBytes: 250 * 1024 * 1024,
  /** Rows the preview shows as they would come in. */
  previewRows: 10,
  /** Problems a preview or a refused import lists; the count covers them all. */
  maxProblems: 1000,
} as const;

export const IMPORT_MESSAGES = {
  missing: 'Choose a CSV or XLSX file',
  notMultipart: 'Send the file as multipart/form-data in the field "file"',
  oneFile: 'Send one file in the field "file"',
  tooLarge: 'The file is larger than 20 MB',
  unpackedTooLarge: 'The spreadsheet is larger than 250 MB once unpacked',
  notSpreadsheet: 'The file is not a CSV or XLSX spreadsheet',
  oldExcel: 'Save the spreadsheet as .xlsx or .csv first: the old .xls format is not read',
  kind: 'Choose what to import: customers, inventory items, services or vendors',
  noHeader: 'The file has no header row',
  noRows: 'The file has no rows below its header',
  tooManyRows: 'The file has more than 50,000 rows: split it into files of at most 50,000 rows',
  tooManyColumns: 'The file has more than 250 columns',
  notFound: 'Import not found',
  running: 'This import is already running',
  done: 'This import is already done',
  expired: 'This upload has expired: upload the file again',
} as const;

/** A field a column can be mapped to. */
export const importFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  /** A row must give it (from this column, or from the fields that fill it in). */
  required: z.boolean(),
  /** A helper column: what it fills in (First name fills in Name when the Name column is blank). */
  into: z.string().optional(),
  hint: z.string().optional(),
});
export type ImportField = z.infer<typeof importFieldSchema>;

const field = (name: string, label: string, more: Partial<Omit<ImportField, 'name' | 'label'>> = {}): ImportField => ({ name, label, required: false, ...more });

/** docs/rules/data-exchange.md#import-fields: the create form's fields, and the helper columns exports split them into. */
export const IMPORT_FIELDS: Record<ImportKind, readonly ImportField[]> = {
  customers: [
    field('name', 'Name', { required: true }),
    field('firstName', 'First name', { into: 'name', hint: 'With Last name, the Name when the Name column is blank' }),
    field('lastName', 'Last name', { into: 'name', hint: 'With First name, the Name when the Name column is blank' }),
    field('companyName', 'Company'),
    field('email', 'Email'),
    field('phone', 'Phone'),
    field('otherPhone', 'Other phone', { into: 'phone', hint: 'The Phone when the Phone column is blank' }),
    field('address', 'Street address'),
    field('address2', 'Address line 2', { into: 'address', hint: 'Added to the street address' }),
    field('city', 'City'),
    field('state', 'State'),
    field('zip', 'ZIP code'),
    field('notes', 'Notes'),
    field('creditLimit', 'Credit limit'),
    field('paymentTerms', 'Payment terms'),
    field('preferredPaymentMethod', 'Preferred payment method'),
    field('taxExempt', 'Tax exempt'),
  ],
  inventory_items: [
    field('name', 'Name', { required: true }),
    field('sku', 'SKU'),
    field('description', 'Description'),
    field('category', 'Category'),
    field('quantity', 'Quantity'),
    field('minimumStock', 'Minimum stock'),
    field('unitCost', 'Unit cost'),
    field('unitPrice', 'Unit price'),
    field('supplier', 'Supplier'),
    field('location', 'Location'),
  ],
  services: [
    field('name', 'Service name', { required: true }),
    field('description', 'Description'),
    field('duration', 'Duration (minutes)'),
    field('price', 'Price'),
    field('isActive', 'Active'),
    field('bufferBefore', 'Buffer before (minutes)'),
    field('bufferAfter', 'Buffer after (minutes)'),
  ],
  vendors: [
    field('name', 'Name', { required: true }),
    field('companyName', 'Company'),
    field('email', 'Email'),
    field('phone', 'Phone'),
    field('address', 'Street address'),
    field('address2', 'Address line 2', { into: 'address', hint: 'Added to the address' }),
    field('city', 'City', { into: 'address', hint: 'Added to the address' }),
    field('state', 'State', { into: 'address', hint: 'Added to the address' }),
    field('zip', 'ZIP code', { into: 'address', hint: 'Added to the address' }),
    field('taxId', 'Tax ID'),
    field('paymentTerms', 'Payment terms'),
    field('notes', 'Notes'),
  ],
};

export const IMPORT_DUPLICATES = ['skip', 'update', 'create'] as const;
export type ImportDuplicates = (typeof IMPORT_DUPLICATES)[number];

export const IMPORT_DUPLICATE_LABELS: Record<ImportDuplicates, string> = {
  skip: 'Skip them',
  update: 'Update them',
  create: 'Create new records anyway',
};

/** How a row is matched to a record already there (docs/rules/data-exchange.md#import-duplicates). */
export const IMPORT_MATCH_TEXTS: Record<ImportKind, string> = {
  customers: 'by e-mail, or by phone when the row has no e-mail',
  inventory_items: 'by SKU',
  services: 'by name',
  vendors: 'by e-mail, else by name',
};

export const IMPORT_STATUSES = ['uploaded', 'importing', 'completed', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

const MAX_ID = 2_147_483_647;

export const importKindSchema = z.enum(IMPORT_KINDS, { error: IMPORT_MESSAGES.kind });

/** Field -> the file's column header, or null for none; fields left out are not mapped. */
export const importMappingSchema = z.record(z.string().max(100), z.string().max(500).nullable(), { error: 'Mapping must be an object of field names to column names' });
export type ImportMapping = z.infer<typeof importMappingSchema>;

/** POST /api/imports/:id/preview and /run. */
export const importChoicesSchema = z.object({
  mapping: importMappingSchema,
  duplicates: z.enum(IMPORT_DUPLICATES, { error: 'Choose skip, update or create for rows matching a record already there' }),
});
export type ImportChoices = z.infer<typeof importChoicesSchema>;

/** The Import data screen's form: each field's select holds a column's header, '' for none (ADR 015). */
export const importFormSchema = z
  .object({ mapping: z.record(z.string(), z.string()), duplicates: importChoicesSchema.shape.duplicates })
  .transform((v): ImportChoices => ({ mapping: Object.fromEntries(Object.entries(v.mapping).map(([field, column]) => [field, column || null])), duplicates: v.duplicates }));
export type ImportFormValues = z.input<typeof importFormSchema>;

export const importIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });

/** The list's query (docs/rules/lists.md#list-endpoints): `q` searches file names, `sort` by createdAt or fileName. */
export const importListQuerySchema = listQuerySchema.extend({ kind: importKindSchema.optional() });
export type ImportListQuery = z.infer<typeof importListQuerySchema>;

export const importSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  kind: z.enum(IMPORT_KINDS),
  fileName: z.string(),
  size: z.number().int(),
  /** The header row as read (repeated or blank headers made unique: "Phone (2)", "Column C"). */
  columns: z.array(z.string()),
  /** Rows below the header with anything in them. */
  rowCount: z.number().int(),
  /** The guessed mapping until a preview or import chose one. */
  mapping: z.record(z.string(), z.string().nullable()),
  duplicates: z.enum(IMPORT_DUPLICATES),
  status: z.enum(IMPORT_STATUSES),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  error: z.string().nullable(),
  /** Who uploaded it ("First Last", else the e-mail); null once that user is gone. */
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** The fields of this kind the columns map to. */
  fields: z.array(importFieldSchema),
});
export type Import = z.infer<typeof importSchema>;
export const importListSchema = z.array(importSchema.omit({ columns: true, mapping: true, fields: true }));
export type ImportSummary = z.infer<typeof importListSchema>[number];

/** A problem of the file, by row (as the spreadsheet numbers it: the header is row 1) and column (its header). */
export const importProblemSchema = z.object({
  row: z.number().int(),
  /** The file's header; empty when no column is mapped to the field. */
  column: z.string(),
  field: z.string(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

export const IMPORT_ROW_ACTIONS = ['create', 'update', 'skip'] as const;
export type ImportRowAction = (typeof IMPORT_ROW_ACTIONS)[number];

export const importPreviewSchema = z.object({
  import: importSchema,
  /** The first rows as they would come in: each field's value as it would be stored (text; null for none). */
  rows: z.array(
    z.object({
      row: z.number().int(),
      /** null: the row has a problem. */
      action: z.enum(IMPORT_ROW_ACTIONS).nullable(),
      values: z.record(z.string(), z.string().nullable()),
    }),
  ),
  /** The first IMPORT_LIMITS.maxProblems problems of the whole file. */
  problems: z.array(importProblemSchema),
  problemCount: z.number().int(),
  counts: z.object({
    rows: z.number().int(),
    /** Rows matching no record already there. */
    new: z.number().int(),
    /** Rows matching a record already there. */
    matching: z.number().int(),
    /** Rows repeating an earlier row's e-mail, phone, SKU or name (each a problem). */
    repeated: z.number().int(),
  }),
  /** What the import would do with the duplicates choice given. */
  outcome: z.object({ create: z.number().int(), update: z.number().int(), skip: z.number().int() }),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** One line of the run's NDJSON answer (Accept: application/x-ndjson): progress, then the result or an error. */
export type ImportRunLine =
  | { type: 'progress'; done: number; total: number }
  | { type: 'result'; import: Import }
  | { type: 'error'; status: number; code: string; message: string };

export const NDJSON_TYPE = 'application/x-ndjson';
