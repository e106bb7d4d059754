// Who the portal is showing (docs/rules/customer-portal.md#who-sees-the-portal). Every portal route is public at the guard and
// asks here instead: a portal link's token, a signed-in customer matched by e-mail, or staff previewing one of
// their organization's customers. Anyone else is refused. Moving money (starting a payment, saving a card) is
// narrower: the customer themself, or staff with process_payments (docs/customer-portal.md).
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { PORTAL_MESSAGES, PORTAL_TOKEN_HEADER, type PortalViewer } from '../../../contracts/customer-portal';
import type { DbOrTx } from '../../db/client';
import { customers, portalTokens } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { forbidden, notFound, unauthenticated } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { hashToken } from '../../platform/tokens';

export type CustomerRow = typeof customers.$inferSelect;

export interface PortalAccess {
  customer: CustomerRow;
  viewer: PortalViewer;
  /** May start a payment or save a card: the customer (signed in or by link) always, staff with process_payments. */
  canPay: boolean;
}

export interface PortalRequest {
  /** The customer the caller asks for: `?customer=` of a staff preview, or the `:id` of a customer route. */
  customerId?: number;
  /** A portal link's token; the `x-portal-token` header is read when absent. */
  token?: string;
}

const canPreview = (ctx: RequestContext) => ctx.permissions.has('view_customers') || ctx.permissions.has('manage_customers');

export async function resolvePortalCustomer(db: DbOrTx, req: FastifyRequest, opts: PortalRequest): Promise<PortalAccess> {
  const header = req.headers[PORTAL_TOKEN_HEADER];
  const token = opts.token || (typeof header === 'string' && header.trim() ? header.trim() : undefined);
  if (token) return byToken(db, token, opts.customerId);

  const ctx = req.ctx;
  if (!ctx) throw unauthenticated(PORTAL_MESSAGES.notSignedIn);

  if (ctx.user.role === 'customer') {
    const customer = await customerOfUser(db, ctx);
    if (!customer) throw notFound(PORTAL_MESSAGES.noCustomer);
    if (!customer.portalAccessEnabled) throw forbidden(PORTAL_MESSAGES.accessDisabled);
    // A customer sees only their own record, whatever id they ask for.
    if (opts.customerId !== undefined && opts.customerId !== customer.id) throw notFound(PORTAL_MESSAGES.customerNotFound);
    return { customer, viewer: 'customer', canPay: true };
  }

  if (opts.customerId !== undefined && canPreview(ctx)) {
    const [customer] = await db
      .select()
      .from(customers)
      .where(tenantWhere(tenantScope(ctx), customers, eq(customers.id, opts.customerId)))
      .limit(1);
    if (!customer) throw notFound(PORTAL_MESSAGES.customerNotFound);
    return { customer, viewer: 'staff', canPay: ctx.permissions.has('process_payments') };
  }

  throw unauthenticated(PORTAL_MESSAGES.notSignedIn);
}

/**
 * As resolvePortalCustomer, for the calls that move money (payment intent, setup intent): staff previewing the
 * portal without process_payments are refused with 403, whatever else they may see.
 */
export async function resolvePortalPayer(db: DbOrTx, req: FastifyRequest, opts: PortalRequest): Promise<PortalAccess> {
  const access = await resolvePortalCustomer(db, req, opts);
  if (!access.canPay) throw forbidden(PORTAL_MESSAGES.paymentsNotAllowed);
  return access;
}

async function byToken(db: DbOrTx, token: string, customerId: number | undefined): Promise<PortalAccess> {
  const [row] = await db
    .select({ customer: customers, expiresAt: portalTokens.expiresAt, revokedAt: portalTokens.revokedAt })
    .from(portalTokens)
    .innerJoin(customers, and(eq(customers.id, portalTokens.customerId), eq(customers.organizationId, portalTokens.organizationId)))
    .where(eq(portalTokens.tokenHash, hashToken(token)))
    .limit(1);
  // A revoked link reads like an expired one: the holder learns nothing more (docs/customer-portal.md).
  if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) throw unauthenticated(PORTAL_MESSAGES.invalidToken);
  if (!row.customer.portalAccessEnabled) throw forbidden(PORTAL_MESSAGES.accessDisabled);
  if (customerId !== undefined && customerId !== row.customer.id) throw notFound(PORTAL_MESSAGES.customerNotFound);
  return { customer: row.customer, viewer: 'token', canPay: true };
}

/** The customer record of the signed-in customer's organization with their e-mail (any letter case). */
async function customerOfUser(db: DbOrTx, ctx: RequestContext): Promise<CustomerRow | undefined> {
  const email = ctx.user.email.trim().toLowerCase();
  if (ctx.organizationId === null || !email) return undefined;
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.organizationId, ctx.organizationId), sql`lower(${customers.email}) = ${email}`))
    .orderBy(asc(customers.id))
    .limit(1);
  return row;
}

/**
 * A read-only context scoped to the portal customer's organization, for the invoice services that filter by
 * tenant: a token visitor has no session at all, and a super user's own context would span organizations.
 */
export function portalScope(req: FastifyRequest, customer: CustomerRow): RequestContext {
  const base = req.ctx;
  return {
    user: base?.user ?? {
      id: 0,
      accountId: 'portal-link',
      email: customer.email ?? '',
      firstName: null,
      lastName: null,
      companyName: null,
      organizationId: customer.organizationId,
      role: 'customer',
      permissions: [],
      isActive: true,
      lastLoginAt: null,
      createdAt: new Date(0),
    },
    originalUser: base?.originalUser ?? null,
    sessionId: base?.sessionId ?? 0,
    impersonationSessionId: base?.impersonationSessionId ?? null,
    apiKeyId: base?.apiKeyId ?? null,
    organizationId: customer.organizationId,
    isSuperUser: false,
    permissions: new Set(),
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
  };
}
