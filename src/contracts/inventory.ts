// Inventory items: the form's rules (docs/rules/inventory-and-time.md#inventory-items), the stock status (#stock-status) and the API shapes
// (section 7), shared by the server and the React form.
import { z } from 'zod';
import { fromCents, MAX_CENTS, toCents } from './money';

export const INVENTORY_LIMITS = {
  name: 200,
  description: 2000,
  sku: 100,
  category: 100,
  supplier: 200,
  location: 200,
  /** int4 ceiling of the quantity columns. */
  count: 2_147_483_647,
} as const;

const atMost = (label: string, max: number) => `${label} must be at most ${max.toLocaleString('en-US')} characters`;

export const INVENTORY_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: atMost('Name', INVENTORY_LIMITS.name),
  quantityWhole: 'Quantity must be a whole number',
  quantityNegative: 'Quantity cannot be negative',
  quantityTooLarge: 'Quantity is too large',
  minimumStockWhole: 'Minimum stock must be a whole number',
  minimumStockNegative: 'Minimum stock cannot be negative',
  minimumStockTooLarge: 'Minimum stock is too large',
  skuTaken: 'An item with this SKU already exists',
  notFound: 'Inventory item not found',
  organization: 'Please choose an organization',
} as const;

/** docs/rules/inventory-and-time.md#stock-status: 0 is out of stock; at or below the minimum is low; above it is in stock. */
export const STOCK_STATUSES = ['in-stock', 'low-stock', 'out-of-stock'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

export function stockStatus(item: { quantity: number; minimumStock: number }): StockStatus {
  if (item.quantity <= 0) return 'out-of-stock';
  if (item.quantity <= item.minimumStock) return 'low-stock';
  return 'in-stock';
}

export const STOCK_STATUS_LABELS: Record<StockStatus, string> = {
  'in-stock': 'In Stock',
  'low-stock': 'Low Stock',
  'out-of-stock': 'Out of Stock',
};

/** Absent stays absent (an update leaves the field alone); null and blank become null. */
const blankToNull = (v: string | null | undefined): string | null | undefined => (v === undefined ? undefined : v === null || v === '' ? null : v);

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, atMost(label, max))
    .nullish()
    .transform(blankToNull);

const itemNameSchema = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? INVENTORY_MESSAGES.nameRequired : 'Name must be text') })
  .trim()
  .min(1, INVENTORY_MESSAGES.nameRequired)
  .max(INVENTORY_LIMITS.name, INVENTORY_MESSAGES.nameTooLong);

/** A whole number from 0 (a number, or digits as text from a form field). */
const stockCount = (whole: string, negative: string, tooLarge: string) =>
  z
    .union([z.number(), z.string()], { error: whole })
    .transform((v, ctx): number => {
      const text = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : 'NaN') : v.trim();
      const fail = (message: string) => {
        ctx.issues.push({ code: 'custom', message, input: v });
        return z.NEVER;
      };
      if (/^-\d+(?:\.0*)?$/.test(text) || (typeof v === 'number' && v < 0)) return fail(negative);
      if (!/^\d+(?:\.0*)?$/.test(text)) return fail(whole);
      const n = Number(text);
      if (n > INVENTORY_LIMITS.count) return fail(tooLarge);
      return n;
    });

export const quantitySchema = stockCount(INVENTORY_MESSAGES.quantityWhole, INVENTORY_MESSAGES.quantityNegative, INVENTORY_MESSAGES.quantityTooLarge);
export const minimumStockSchema = stockCount(
  INVENTORY_MESSAGES.minimumStockWhole,
  INVENTORY_MESSAGES.minimumStockNegative,
  INVENTORY_MESSAGES.minimumStockTooLarge,
);

const DECIMAL_INPUT = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/** Step 0.01, from 0; blank or null -> null (docs/rules/inventory-and-time.md#inventory-items). Out: "12.50" or null. */
const moneyField = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `${label} must be a number` })
    .nullish()
    .transform((v, ctx): string | null | undefined => {
      if (v === undefined || v === null) return v;
      const text = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : 'NaN') : v.trim();
      if (text === '') return null;
      const fail = (message: string) => {
        ctx.issues.push({ code: 'custom', message, input: v });
        return z.NEVER;
      };
      if (text.startsWith('-')) return fail(`${label} cannot be negative`);
      if (!DECIMAL_INPUT.test(text)) return fail(`${label} must be a number`);
      if ((text.split('.')[1] ?? '').length > 2) return fail(`${label} can have at most 2 decimal places`);
      const cents = toCents(text.startsWith('.') ? `0${text}` : text);
      if (cents > MAX_CENTS) return fail(`${label} must be at most 99,999,999.99`);
      return fromCents(cents);
    });

export const inventoryFieldsSchema = z.object({
  name: itemNameSchema,
  description: optionalText('Description', INVENTORY_LIMITS.description),
  /** Unique per organization; blank means none (items without a SKU never collide). */
  sku: optionalText('SKU', INVENTORY_LIMITS.sku),
  category: optionalText('Category', INVENTORY_LIMITS.category),
  /** Default 0 on create. */
  quantity: quantitySchema.optional(),
  /** Default 0 on create. */
  minimumStock: minimumStockSchema.optional(),
  unitCost: moneyField('Unit cost'),
  unitPrice: moneyField('Unit price'),
  supplier: optionalText('Supplier', INVENTORY_LIMITS.supplier),
  location: optionalText('Location', INVENTORY_LIMITS.location),
  /** Super users choose the organization of a new item; ignored for everyone else and on update. */
  organizationId: z
    .union([z.number(), z.string().regex(/^\s*\d+\s*$/)], { error: INVENTORY_MESSAGES.organization })
    .transform(Number)
    .pipe(z.number().int(INVENTORY_MESSAGES.organization).positive(INVENTORY_MESSAGES.organization).max(INVENTORY_LIMITS.count, INVENTORY_MESSAGES.organization))
    .nullish(),
});
export type InventoryFormInput = z.input<typeof inventoryFieldsSchema>;

export const createInventoryItemBodySchema = inventoryFieldsSchema;
export type CreateInventoryItemBody = z.infer<typeof createInventoryItemBodySchema>;

/** The full item or only some fields (the quick quantity edit sends `{ quantity }`). */
export const updateInventoryItemBodySchema = inventoryFieldsSchema.partial();
export type UpdateInventoryItemBody = z.infer<typeof updateInventoryItemBodySchema>;

export const inventoryIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(INVENTORY_LIMITS.count) });

export const inventoryItemSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  sku: z.string().nullable(),
  category: z.string().nullable(),
  quantity: z.number().int(),
  minimumStock: z.number().int(),
  /** Decimal strings ("12.50") or null. */
  unitCost: z.string().nullable(),
  unitPrice: z.string().nullable(),
  supplier: z.string().nullable(),
  location: z.string().nullable(),
  stockStatus: z.enum(STOCK_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;
export const inventoryListSchema = z.array(inventoryItemSchema);

/** The screen's three count cards, over every item of the organization (not just the page shown). */
export const inventorySummarySchema = z.object({
  total: z.number().int(),
  inStock: z.number().int(),
  lowStock: z.number().int(),
  outOfStock: z.number().int(),
});
export type InventorySummary = z.infer<typeof inventorySummarySchema>;
export const inventorySummaryQuerySchema = z.object({ organizationId: z.coerce.number().int().positive().max(INVENTORY_LIMITS.count).optional() });
