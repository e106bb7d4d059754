// Phone numbers as SMS providers take them: E.164, "+" then country code and number (Twilio refuses others).
// Numbers are kept as the customer typed them, less punctuation: ten digits are a US/Canada number (the
// app's phone rule, contracts/format.ts), as Messaging already sends them (features/messaging/deliver-message.ts).

/** "+15555550123" from "(555) 555-0123", "555.555.0123", "1-555-555-0123" or "+44 20 7946 0018"; null when it is none of these. */
export function toE164(phone: string | null | undefined): string | null {
  const raw = (phone ?? '').trim();
  const digits = raw.replace(/\D/g, '');
  if (raw.startsWith('+')) return digits.length >= 8 && digits.length <= 15 && digits[0] !== '0' ? `+${digits}` : null;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return null;
}
