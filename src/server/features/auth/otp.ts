// One-time sign-in codes (DECISIONS.md; OWASP ASVS 5.0 V6.5, NIST SP 800-63B 5.2.2).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { otpCodes, users } from '../../db/schema/index';
import type { Mailer } from '../../adapters/mail/mailer';
import { AppError, forbidden, invalid, notFound } from '../../platform/errors';
import { enforce, hit, peek, type Limit } from '../../platform/rate-limit';
import { hashOtp, newOtpCode, newSalt, safeEqualHex } from '../../platform/tokens';

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

export async function sendOtp(
  db: Db,
  mailer: Mailer,
  email: string,
  clientIp: string,
  opts: { clientLimitPerHour?: number; now?: Date } = {},
) {
  const now = opts.now ?? new Date();
  // Counted before the account lookup, so the limits also bound probing for addresses.
  await enforce(db, sendLimits.perClient(clientIp, opts.clientLimitPerHour), TOO_MANY_SENDS, now);
  await enforce(db, sendLimits.perEmail(email), TOO_MANY_SENDS, now);

  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) throw notFound('No account found for this email');
  if (!user.isActive) throw forbidden('Account is disabled');

  const code = newOtpCode();
  const salt = newSalt();
  await db.transaction(async (tx) => {
    // A new code voids every earlier one.
    await tx.update(otpCodes).set({ used: true }).where(and(eq(otpCodes.email, email), eq(otpCodes.used, false)));
    await tx.insert(otpCodes).values({
      email,
      code: hashOtp(code, salt),
      salt,
      expiresAt: new Date(now.getTime() + OTP_TTL_MS),
      createdAt: now,
    });
  });

  await mailer.send({
    to: email,
    subject: `Your Tradebook sign-in code: ${code}`,
    text: [
      `Hello${user.firstName ? ` ${user.firstName}` : ''},`,
      '',
      `Your Tradebook sign-in code is ${code}.`,
      '',
      'It is valid for 10 minutes and can be used once. If you did not ask for it, you can ignore this e-mail.',
    ].join('\n'),
    organizationId: user.organizationId,
    // Delivered whole; the stored copy of an SMTP delivery must not sign anyone in (docs/security.md).
    secrets: [code],
  });
}

export const INVALID_CODE = 'Invalid or expired code';

/** Checks a code; returns the user on success. Every failure is counted against the daily cap. */
export async function verifyOtp(db: Db, email: string, code: string, now = new Date()) {
  const failLimit = dailyFailures(email);
  if ((await peek(db, failLimit, now)) >= OTP_DAILY_FAILURES) {
    throw new AppError('RATE_LIMITED', 'Too many failed attempts. Please try again tomorrow.', {
      retryAfterSeconds: Math.ceil((DAY - (now.getTime() % DAY)) / 1000),
    });
  }

  const [current] = await db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.email, email), eq(otpCodes.used, false), sql`${otpCodes.expiresAt} > ${now.toISOString()}`))
    .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
    .limit(1);

  if (!current) {
    await hit(db, failLimit, now);
    throw invalid(INVALID_CODE);
  }

  if (!safeEqualHex(hashOtp(code, current.salt), current.code)) {
    await hit(db, failLimit, now);
    const [row] = await db
      .update(otpCodes)
      .set({ attempts: sql`${otpCodes.attempts} + 1` })
      .where(eq(otpCodes.id, current.id))
      .returning({ attempts: otpCodes.attempts });
    if (row && row.attempts >= OTP_MAX_TRIES) {
      await db.update(otpCodes).set({ used: true }).where(eq(otpCodes.id, current.id));
      throw invalid('Too many incorrect attempts. Please request a new code.');
    }
    throw invalid('Invalid verification code');
  }

  // Single use even when two verifications race: only one update flips `used`.
  const claimed = await db
    .update(otpCodes)
    .set({ used: true })
    .where(and(eq(otpCodes.id, current.id), eq(otpCodes.used, false)))
    .returning({ id: otpCodes.id });
  if (claimed.length === 0) throw invalid(INVALID_CODE);

  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) throw notFound('No account found for this email');
  if (!user.isActive) throw forbidden('Account is disabled');
  return user;
}
