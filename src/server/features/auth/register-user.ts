// Self-registration: a guest of the organization the register page was opened for, created only once the owner of
// the address enters the code e-mailed here (docs/decisions/004-registration-proves-the-address.md).
import { asc, eq } from 'drizzle-orm';
import type { RegisterBody } from '../../../contracts/auth';
import { deliveryFailure } from '../../adapters/delivery-failure';
import type { Mailer } from '../../adapters/mail/mailer';
import { renderCodeEmail } from '../../adapters/mail/html-email';
import type { Db } from '../../db/client';
import { organizations, users } from '../../db/schema/index';
import { conflict, invalid } from '../../platform/errors';
import { enforceSendLimits, issueOtp, OTP_TTL_MS } from './otp';
import { storePendingRegistration } from './pending-registration';

export const EMAIL_TAKEN = 'An account with this email already exists';
/** The answer to a registration: nothing exists yet, so it says what to do next (ADR 004). */
export const REGISTRATION_CODE_SENT = 'We sent a 6-digit code to your email. Enter it to finish creating your account.';

type Organization = { id: number; name: string };

/** The page's organization when it names one (null when that slug does not exist), else the configured one, else the first. */
async function registrationOrganization(db: Db, slug: string | null | undefined, configuredSlug?: string): Promise<Organization | null> {
  const columns = { id: organizations.id, name: organizations.name };
  const bySlug = async (s: string) => (await db.select(columns).from(organizations).where(eq(organizations.slug, s)).limit(1))[0] ?? null;
  if (slug) return bySlug(slug);
  const configured = configuredSlug ? await bySlug(configuredSlug) : null;
  if (configured !== null) return configured;
  const [first] = await db.select(columns).from(organizations).orderBy(asc(organizations.id)).limit(1);
  return first ?? null;
}

export interface RegisterOptions {
  configuredSlug?: string;
  clientLimitPerHour?: number;
  now?: Date;
}

/**
 * Stores the registration (replacing an earlier one for the address) and e-mails its code, under the same send
 * limits as sign-in codes. The account is created by verifyOtp when the code comes back.
 */
export async function registerUser(db: Db, mailer: Mailer, body: RegisterBody, clientIp: string, opts: RegisterOptions = {}): Promise<void> {
  const now = opts.now ?? new Date();
  await enforceSendLimits(db, body.email, clientIp, opts.clientLimitPerHour, now);

  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, body.email)).limit(1);
  if (existing) throw conflict(EMAIL_TAKEN);
  const organization = await registrationOrganization(db, body.organizationSlug, opts.configuredSlug);
  if (body.organizationSlug && organization === null) {
    throw invalid('organizationSlug: Organization not found', [{ path: 'organizationSlug', message: 'Organization not found' }]);
  }

  const expiresAt = new Date(now.getTime() + OTP_TTL_MS);
  const code = await db.transaction(async (tx) => {
    const registration = { email: body.email, firstName: body.firstName, lastName: body.lastName, organizationId: organization?.id ?? null };
    await storePendingRegistration(tx, registration, now, expiresAt);
    // The registration's code voids any earlier code for the address, an earlier registration's included.
    return issueOtp(tx, body.email, now);
  });

  const enterIt = `Enter it on the registration page to finish creating your account${organization ? ` with ${organization.name}` : ''}.`;
  const delivery = await mailer.send({
    to: body.email,
    subject: `Your Tradebook registration code: ${code}`,
    text: [
      `Hello ${body.firstName},`,
      '',
      `Your Tradebook registration code is ${code}.`,
      '',
      enterIt,
      'It is valid for 10 minutes and can be used once. If you did not ask for an account, you can ignore this e-mail:',
      'no account is created without the code.',
    ].join('\n'),
    html: renderCodeEmail({
      heading: 'Your registration code',
      paragraphs: [`Hello ${body.firstName},`, enterIt],
      code,
      after: ['It is valid for 10 minutes and can be used once. If you did not ask for an account, you can ignore this e-mail: no account is created without the code.'],
    }),
    organizationId: organization?.id ?? null,
    // Masked in any stored copy of an SMTP delivery: the code opens the account.
    secrets: [code],
  });
  // As for sign-in codes: a code that never left must not be announced as sent. The registration waits unused and
  // the next attempt replaces it.
  if (delivery.status === 'failed') throw deliveryFailure('email', delivery);
}
