// The format and the accounts and tax codes an organization's accounting exports use, set once
// (docs/rules/data-exchange.md#accounting-mapping).
import {
  mappingIssues,
  type AccountingFormat,
  type AccountingSettings,
  type AccountingSettingsBody,
  type AccountMapping,
  type TaxCodeRow,
} from '../../../contracts/accounting';
import type { DbOrTx } from '../../db/client';
import { accountingSettings, type StoredAccountMapping } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { invalid, type Issue } from '../../platform/errors';
import { tenantScopeForWrite, tenantWhere, type OrganizationScope } from '../../platform/tenancy';
import { organizationTimeZone } from '../payment-reminders/reminder-settings';
import { rateNames, taxCodeRows } from './tax-code-rows';

/** The mapping as kept: the schema's fields plus the sales tax liability account QuickBooks formats book tax to. */
export interface KeptMapping extends StoredAccountMapping {
  salesTaxAccount: string;
}

export interface KeptSettings {
  format: AccountingFormat;
  mapping: KeptMapping | null;
  updatedAt: Date | null;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The stored mapping, read field by field so a row written before a field existed still reads. */
function keptMapping(stored: StoredAccountMapping | null): KeptMapping | null {
  if (!stored || typeof stored !== 'object') return null;
  const codes = stored.taxCodes && typeof stored.taxCodes === 'object' ? stored.taxCodes : {};
  return {
    incomeAccount: text(stored.incomeAccount),
    receivablesAccount: text(stored.receivablesAccount),
    depositAccount: text(stored.depositAccount),
    salesTaxAccount: text((stored as Partial<KeptMapping>).salesTaxAccount),
    noTaxCode: text(stored.noTaxCode),
    taxCodes: Object.fromEntries(Object.entries(codes).filter(([, code]) => typeof code === 'string' && code !== '')),
  };
}

/** `lock`: hold the row until the transaction ends, so the organization's exports are made one after another. */
export async function readSettings(db: DbOrTx, scope: OrganizationScope, opts: { lock?: boolean } = {}): Promise<KeptSettings> {
  const query = db.select().from(accountingSettings).where(tenantWhere(scope, accountingSettings));
  const [row] = opts.lock ? await query.for('update') : await query;
  return { format: row?.format ?? 'qbo_csv', mapping: keptMapping(row?.mapping ?? null), updatedAt: row?.updatedAt ?? null };
}

/** The mapping as the API shows it: tax codes in the order the settings ask for them, then any others kept. */
function mappingView(mapping: KeptMapping, rows: TaxCodeRow[]): AccountMapping {
  const order = new Map(rows.map((r, i) => [r.key, i]));
  const taxCodes = Object.entries(mapping.taxCodes)
    .map(([key, code]) => ({ key, code }))
    .sort((a, b) => (order.get(a.key) ?? rows.length) - (order.get(b.key) ?? rows.length) || a.key.localeCompare(b.key));
  const { incomeAccount, receivablesAccount, depositAccount, salesTaxAccount, noTaxCode } = mapping;
  return { incomeAccount, receivablesAccount, depositAccount, salesTaxAccount, noTaxCode, taxCodes };
}

export async function getAccountingSettings(db: DbOrTx, ctx: RequestContext, requestedOrganizationId?: number | null): Promise<AccountingSettings> {
  const scope = tenantScopeForWrite(ctx, requestedOrganizationId);
  const [kept, names, timeZone] = [await readSettings(db, scope), await rateNames(db, scope), await organizationTimeZone(db, scope.organizationId)];
  const rows = await taxCodeRows(db, scope, names);
  return {
    format: kept.format,
    mapping: kept.mapping ? mappingView(kept.mapping, rows) : null,
    taxCodeRows: rows,
    timeZone,
    updatedAt: kept.updatedAt?.toISOString() ?? null,
  };
}

export async function updateAccountingSettings(
  db: DbOrTx,
  ctx: RequestContext,
  body: AccountingSettingsBody,
  requestedOrganizationId?: number | null,
): Promise<AccountingSettings> {
  const scope = tenantScopeForWrite(ctx, requestedOrganizationId);
  const names = await rateNames(db, scope);
  const rows = await taxCodeRows(db, scope, names);
  const { mapping } = body;
  const issues: Issue[] = mappingIssues(body, rows).map((i) => ({ path: i.path.join('.'), message: i.message }));
  const ownRates = new Set(names.rates.map((r) => String(r.id)));
  mapping.taxCodes.forEach((entry, i) => {
    if (entry.key !== 'manual' && !entry.key.split('+').every((id) => ownRates.has(id))) {
      issues.push({ path: `mapping.taxCodes.${i}.key`, message: 'Tax rate not found' });
    }
  });
  if (issues.length > 0) throw invalid(`${issues[0].path}: ${issues[0].message}`, issues);

  const kept: KeptMapping = {
    incomeAccount: mapping.incomeAccount,
    receivablesAccount: mapping.receivablesAccount,
    depositAccount: mapping.depositAccount,
    salesTaxAccount: mapping.salesTaxAccount,
    noTaxCode: mapping.noTaxCode,
    taxCodes: Object.fromEntries(mapping.taxCodes.filter((e) => e.code).map((e) => [e.key, e.code])),
  };
  const { format } = body;
  await db
    .insert(accountingSettings)
    .values({ organizationId: scope.organizationId, format, mapping: kept })
    .onConflictDoUpdate({ target: accountingSettings.organizationId, set: { format, mapping: kept, updatedAt: new Date() } });
  return getAccountingSettings(db, ctx, scope.organizationId);
}
