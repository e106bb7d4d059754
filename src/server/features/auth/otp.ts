// One-time sign-in codes (docs/rules/sign-in-and-sessions.md#sign-in-codes; OWASP ASVS 5.0 V6.5, NIST SP 800-63B 5.2.2).
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { otpCodes, users } from '../../db/schema/index';
import { deliveryFailure } from '../../adapters/delivery-failure';
import type { Mailer } from '../../adapters/mail/mailer';
import { renderCodeEmail } from '../../adapters/mail/html-email';
import { type AppError, forbidden, invalid, notFound, rateLimited } from '../../platform/errors';
import { enforce, hitBelowLimit, secondsUntilWindowEnds, unhit, type Limit } from '../../platform/rate-limit';
import { hashOtp, newOtpCode, newSalt, safeEqualHex } from '../../platform/tokens';
import { createAccountFromRegistration, discardPendingRegistration } from './pending-registration';

export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_TRIES = 5;
export const OTP_DAILY_FAILURES = 100;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export const sendLimits = {
  perEmail: (email: string): Limit => ({ key: `send-otp:email:${email}`, max: 5, windowMs: HOUR }),
  perClient: (ip: string, max = 20): Limit => ({ key: `send-otp:ip:${ip}`, max, windowMs: HOUR }),
};
const dailyFailures = (email: string): Limit => ({ key: `otp-fail:${email}`, max: OTP_DAILY_FAILURES, windowMs: DAY });

const TOO_MANY_SENDS = 'Too many code requests. Please wait before trying again.';

/**
 * The send limits of every e-mailed code, sign-in or registration (one budget per address and per client).
 * Counted before any account lookup, so they also bound probing for addresses.
 */
export async function enforceSendLimits(db: Db, email: string, clientIp: string, clientLimitPerHour: number | undefined, now: Date) {
  await enforce(db, sendLimits.perClient(clientIp, clientLimitPerHour), TOO_MANY_SENDS, now);
  await enforce(db, sendLimits.perEmail(email), TOO_MANY_SENDS, now);
}

/** Stores a new code for the address and returns it; a new code voids every earlier one. Only a salted hash is kept. */
export async function issueOtp(tx: DbOrTx, email: string, now: Date): Promise<string> {
  const code = newOtpCode();
  const salt = newSalt();
  await tx.update(otpCodes).set({ used: true }).where(and(eq(otpCodes.email, email), eq(otpCodes.used, false)));
  await tx.insert(otpCodes).values({
    email,
    code: hashOtp(code, salt),
    salt,
    expiresAt: new Date(now.getTime() + OTP_TTL_MS),
    createdAt: now,
  });
  return code;
}

export async function sendOtp(
  db: Db,
  mailer: Mailer,
  email: string,
  clientIp: string,
  opts: { clientLimitPerHour?: number; now?: Date } = {},
) {
  const now = opts.now ?? new Date();
  await enforceSendLimits(db, email, clientIp, opts.clientLimitPerHour, now);

  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) throw notFound('No account found for this email');
  if (!user.isActive) throw forbidden('Account is disabled');

  const code = await db.transaction((tx) => issueOtp(tx, email, now));

  const greeting = `Hello${user.firstName ? ` ${user.firstName}` : ''},`;
  const validity = 'It is valid for 10 minutes and can be used once. If you did not ask for it, you can ignore this e-mail.';
  const delivery = await mailer.send({
    to: email,
    subject: `Your Tradebook sign-in code: ${code}`,
    text: [greeting, '', `Your Tradebook sign-in code is ${code}.`, '', validity].join('\n'),
    html: renderCodeEmail({ heading: 'Your sign-in code', paragraphs: [greeting, 'Enter this code on the sign-in page:'], code, after: [validity] }),
    organizationId: user.organizationId,
    // Delivered whole; the stored copy of an SMTP delivery must not sign anyone in (docs/security.md).
    secrets: [code],
  });
  // "Code sent" would be a lie: the user would wait for a code that never comes (docs/payments.md).
  if (delivery.status === 'failed') throw deliveryFailure('email', delivery);
}

export const INVALID_CODE = 'Invalid or expired code';
const WRONG_CODE = 'Invalid verification code';
const CODE_VOIDED = 'Too many incorrect attempts. Please request a new code.';
const TOO_MANY_FAILURES = 'Too many failed attempts. Please try again tomorrow.';

type UserRow = typeof users.$inferSelect;

/**
 * Checks a code; returns the account on success: the address's user, or the guest its pending registration becomes
 * now that the address is proved (pending-registration.ts). Every failure counts against the daily cap.
 *
 * Each limit is a reservation taken in one statement before the code is compared, so however many checks arrive at
 * once (docs/sign-in.md): a check first counts itself as one of the address's 100 failures of the day (429 when none
 * is left), then takes one of the code's 5 tries (none left: the code is spent, "Invalid or expired code"). Only a
 * check holding both is compared; the one holding the 5th try voids the code when it is wrong, and a right code gives
 * its failure back. No lock is held while comparing, so a burst of checks ties up no database connections.
 */
export async function verifyOtp(db: Db, email: string, code: string, now = new Date()): Promise<UserRow> {
  const failLimit = dailyFailures(email);
  if ((await hitBelowLimit(db, failLimit, now)) === null) {
    throw rateLimited(TOO_MANY_FAILURES, secondsUntilWindowEnds(failLimit, now));
  }

  const latest = db
    .select({ id: otpCodes.id })
    .from(otpCodes)
    .where(and(eq(otpCodes.email, email), eq(otpCodes.used, false), gt(otpCodes.expiresAt, now)))
    .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
    .limit(1);
  // The try is counted and the limit compared in one statement; PostgreSQL re-checks the condition on the row as it
  // stands after a concurrent update, so a 6th concurrent try finds none left.
  const [attempt] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(and(eq(otpCodes.id, latest), eq(otpCodes.used, false), lt(otpCodes.attempts, OTP_MAX_TRIES)))
    .returning();
  if (!attempt) throw invalid(INVALID_CODE);

  if (!safeEqualHex(hashOtp(code, attempt.salt), attempt.code)) {
    if (attempt.attempts < OTP_MAX_TRIES) throw invalid(WRONG_CODE);
    await db.update(otpCodes).set({ used: true }).where(eq(otpCodes.id, attempt.id));
    throw invalid(CODE_VOIDED);
  }

  // Claiming the code, giving the reserved failure back and creating a registration's account are one transaction.
  const outcome = await db.transaction(async (tx): Promise<{ user: UserRow } | { error: AppError }> => {
    const claimed = await tx
      .update(otpCodes)
      .set({ used: true })
      .where(and(eq(otpCodes.id, attempt.id), eq(otpCodes.used, false)))
      .returning({ id: otpCodes.id });
    // Voided meanwhile (a newer code, or a concurrent 5th wrong try): the check stays a failure.
    if (claimed.length === 0) return { error: invalid(INVALID_CODE) };
    await unhit(tx, failLimit, now);
    const [user] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
    if (user) await discardPendingRegistration(tx, email);
    const account = user ?? (await createAccountFromRegistration(tx, email, now));
    if (!account) return { error: notFound('No account found for this email') };
    if (!account.isActive) return { error: forbidden('Account is disabled') };
    return { user: account };
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.user;
}
