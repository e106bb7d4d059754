// The business and the customer as invoice and estimate PDFs and e-mails print them.
import { and, eq, isNull, or } from 'drizzle-orm';
import { formatPhone } from '../../../contracts/format';
import { labelsFor, type LabelSet } from '../../../contracts/vocabulary';
import type { DbOrTx } from '../../db/client';
import { customers, organizations, uploads } from '../../db/schema/index';

export interface Business {
  id: number;
  name: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  logo: string | null;
  /** The organization's words for its records (industry labels plus its overrides): documents name them so. */
  labels: LabelSet;
}

export interface DocumentCustomer {
  id: number;
  name: string;
  companyName: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  paymentTerms: string;
}

export async function loadBusiness(db: DbOrTx, organizationId: number): Promise<Business> {
  const [org] = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      address: organizations.address,
      city: organizations.city,
      state: organizations.state,
      zip: organizations.zip,
      phone: organizations.phone,
      email: organizations.email,
      website: organizations.website,
      logo: organizations.logo,
      industry: organizations.industry,
      labelOverrides: organizations.labelOverrides,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  if (!org) {
    return { id: organizationId, name: 'Organization', address: null, city: null, state: null, zip: null, phone: null, email: null, website: null, logo: null, labels: labelsFor(null) };
  }
  const { industry, labelOverrides, ...rest } = org;
  return { ...rest, labels: labelsFor(industry, labelOverrides) };
}

/** The document's customer, looked up inside the document's organization; null when missing. */
export async function loadDocumentCustomer(db: DbOrTx, organizationId: number, customerId: number): Promise<DocumentCustomer | null> {
  const [c] = await db
    .select({
      id: customers.id,
      name: customers.name,
      companyName: customers.companyName,
      email: customers.email,
      phone: customers.phone,
      address: customers.address,
      city: customers.city,
      state: customers.state,
      zip: customers.zip,
      paymentTerms: customers.paymentTerms,
    })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.organizationId, organizationId)))
    .limit(1);
  return c ?? null;
}

/** The logo's bytes: organizations.logo is `/uploads/{id}/{name}`, stored in the uploads table. Null when missing. */
export async function loadLogo(db: DbOrTx, business: Business): Promise<Buffer | null> {
  const m = /^\/uploads\/(\d{1,10})(?:\/|$)/.exec(business.logo ?? '');
  if (!m || Number(m[1]) > 2_147_483_647) return null;
  const [u] = await db
    .select({ data: uploads.data })
    .from(uploads)
    .where(and(eq(uploads.id, Number(m[1])), or(eq(uploads.organizationId, business.id), isNull(uploads.organizationId))))
    .limit(1);
  return u?.data ?? null;
}

/** "Springfield, IL 62701" from the parts present. */
export function cityLine(p: { city: string | null; state: string | null; zip: string | null }): string {
  const cityState = [p.city, p.state].map((s) => s?.trim()).filter(Boolean).join(', ');
  return [cityState, p.zip?.trim()].filter(Boolean).join(' ');
}

/** net30 -> Net 30, due_on_receipt -> Due on receipt. */
export function paymentTermsLabel(terms: string | null | undefined): string {
  const t = (terms ?? '').trim().toLowerCase();
  const net = /^net_?(\d+)$/.exec(t);
  if (net) return `Net ${net[1]}`;
  if (!t) return '-';
  const words = t.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The business's contact lines, as documents and e-mails print them (blanks left out). */
export function businessLines(b: Business): string[] {
  return [b.address, cityLine(b), b.phone ? formatPhone(b.phone) : null, b.email, b.website].map((s) => s?.trim() ?? '').filter((s) => s.length > 0);
}

export function customerLines(c: DocumentCustomer | null): string[] {
  if (!c) return [];
  return [c.companyName, c.address, cityLine(c), c.email].map((s) => s?.trim() ?? '').filter((s) => s.length > 0);
}

/** "2.00" -> "2", "1.50" -> "1.5". */
export function formatQuantity(q: string): string {
  return q.includes('.') ? q.replace(/\.?0+$/, '') : q;
}
