// An organization's tax rates and pricing settings (docs/rules/money-and-payments.md#taxes-and-discounts).
import { asc, eq } from 'drizzle-orm';
import { formatPercent } from '../../../contracts/money';
import type { CreateTaxRate, TaxRate, TaxSettings, UpdateTaxRate, UpdateTaxSettings } from '../../../contracts/tax-rates';
import type { Db } from '../../db/client';
import { organizations, taxRates } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { conflict, notFound } from '../../platform/errors';
import { organizationForWrite, tenantScope, tenantWhere } from '../../platform/tenancy';

/** The most rates one organization keeps (archived ones included): a form offers them all as chips. */
export const MAX_TAX_RATES = 50;

const toTaxRate = (r: typeof taxRates.$inferSelect): TaxRate => ({
  id: r.id,
  name: r.name,
  percent: formatPercent(r.percent),
  isDefault: r.isDefault,
  archived: r.archived,
});

export async function getTaxSettings(db: Db, ctx: RequestContext, requestedOrganizationId?: number | null): Promise<TaxSettings> {
  const organizationId = organizationForWrite(ctx, requestedOrganizationId);
  const [org] = await db
    .select({ pricesIncludeTax: organizations.pricesIncludeTax, taxRounding: organizations.taxRounding })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!org) throw notFound('Organization not found');
  const rates = await db
    .select()
    .from(taxRates)
    .where(eq(taxRates.organizationId, organizationId))
    .orderBy(asc(taxRates.archived), asc(taxRates.name), asc(taxRates.id));
  return { pricesIncludeTax: org.pricesIncludeTax, taxRounding: org.taxRounding, rates: rates.map(toTaxRate) };
}

export async function updateTaxSettings(db: Db, ctx: RequestContext, input: UpdateTaxSettings, requestedOrganizationId?: number | null): Promise<TaxSettings> {
  const organizationId = organizationForWrite(ctx, requestedOrganizationId);
  const changes = {
    ...(input.pricesIncludeTax !== undefined && { pricesIncludeTax: input.pricesIncludeTax }),
    ...(input.taxRounding !== undefined && { taxRounding: input.taxRounding }),
  };
  if (Object.keys(changes).length > 0) {
    const updated = await db.update(organizations).set(changes).where(eq(organizations.id, organizationId)).returning({ id: organizations.id });
    if (updated.length === 0) throw notFound('Organization not found');
  }
  return getTaxSettings(db, ctx, organizationId);
}

export async function createTaxRate(db: Db, ctx: RequestContext, input: CreateTaxRate, requestedOrganizationId?: number | null): Promise<TaxRate> {
  const organizationId = organizationForWrite(ctx, requestedOrganizationId);
  return db.transaction(async (tx) => {
    // The organization row's lock serializes creators, so the count below cannot be passed by two at once.
    const [org] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).for('update');
    if (!org) throw notFound('Organization not found');
    const existing = await tx.select({ id: taxRates.id }).from(taxRates).where(eq(taxRates.organizationId, organizationId));
    if (existing.length >= MAX_TAX_RATES) {
      throw conflict(`An organization keeps at most ${MAX_TAX_RATES} tax rates: archive one you no longer use and edit it instead`);
    }
    const [row] = await tx
      .insert(taxRates)
      .values({ organizationId, name: input.name, percent: input.percent, isDefault: input.isDefault ?? false })
      .returning();
    return toTaxRate(row);
  });
}

export async function updateTaxRate(db: Db, ctx: RequestContext, id: number, input: UpdateTaxRate): Promise<TaxRate> {
  const scope = tenantWhere(tenantScope(ctx), taxRates, eq(taxRates.id, id));
  const changes = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.percent !== undefined && { percent: input.percent }),
    ...(input.isDefault !== undefined && { isDefault: input.isDefault }),
    ...(input.archived !== undefined && { archived: input.archived }),
  };
  const [row] =
    Object.keys(changes).length > 0
      ? await db.update(taxRates).set(changes).where(scope).returning()
      : await db.select().from(taxRates).where(scope);
  if (!row) throw notFound('Tax rate not found');
  return toTaxRate(row);
}
