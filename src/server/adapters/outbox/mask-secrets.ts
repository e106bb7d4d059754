// What the outbox keeps of a message that left through SMTP or Twilio: the delivery record, with every
// substring the caller named as a secret (a sign-in code, a portal link) replaced by a mask. Whoever can
// read the table (an operator, a backup, System Health's failures) must not be able to sign in with it.
// Without a transport the outbox is the delivery itself and keeps the full text (docs/security.md).

export const SECRET_MASK = '••••••';

export function maskSecrets<T extends string | null | undefined>(text: T, secrets: readonly string[] | undefined): T {
  if (!text || !secrets?.length) return text;
  // Longest first, so a link that contains a shorter secret is masked whole.
  const ordered = [...new Set(secrets.filter((s) => s.length > 0))].sort((a, b) => b.length - a.length);
  let out: string = text;
  for (const secret of ordered) out = out.split(secret).join(SECRET_MASK);
  return out as T;
}
