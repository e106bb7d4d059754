// E-mail: SMTP through nodemailer when SMTP_URL is set, otherwise the database outbox.
import type { Db } from '../../db/client';
import { failureKind, type FailureKind } from '../delivery-failure';
import { maskSecrets } from '../outbox/mask-secrets';
import { recordOutbox } from '../outbox/record-outbox';
import { escapeHtml } from './html-email';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  organizationId?: number | null;
  /**
   * The sender's display name (the organization's name): the message comes from MAIL_FROM's address under
   * this name, so the customer sees who wrote; Reply-To carries the organization's own address.
   */
  fromName?: string;
  replyTo?: string;
  /**
   * Substrings that let the reader in (a sign-in code, a portal link). The message is delivered whole; the
   * outbox row of a message that left through SMTP shows a mask in their place (docs/security.md).
   */
  secrets?: string[];
}

export interface DeliveryResult {
  outboxId: number;
  status: 'stored' | 'sent' | 'failed';
  error?: string;
  /** With 'failed': whether the provider answered and refused, or could not be reached (adapters/delivery-failure.ts). */
  failure?: FailureKind;
}

export interface Mailer {
  readonly transport: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<DeliveryResult>;
}

/** MAIL_FROM's address: "Tradebook <no-reply@x.test>" or a bare "no-reply@x.test". */
export function fromAddress(from: string): string {
  const m = /<([^<>]+)>\s*$/.exec(from);
  return (m ? m[1] : from).trim();
}

/**
 * The From header: MAIL_FROM as set, or its address under the given display name. nodemailer quotes the name
 * (and encodes one that is not ASCII, RFC 2047), so a name with a comma, quote or angle bracket stays a name.
 */
export function fromHeader(from: string, name: string | undefined): string | { name: string; address: string } {
  // Control characters (a line break) in a name could only corrupt the header.
  const clean = [...(name ?? '')]
    .map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f ? ' ' : c))
    .join('')
    .replace(/ {2,}/g, ' ')
    .trim();
  return clean ? { name: clean, address: fromAddress(from) } : from;
}

export function createMailer(opts: { db: Db; smtpUrl?: string; from: string }): Mailer {
  const { db } = opts;
  const meta = (m: MailMessage) => m.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.content.length })) ?? null;

  if (!opts.smtpUrl) {
    return {
      transport: 'outbox',
      async send(m) {
        const outboxId = await recordOutbox(db, {
          organizationId: m.organizationId,
          channel: 'email',
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          attachments: meta(m),
          transport: 'outbox',
          status: 'stored',
        });
        return { outboxId, status: 'stored' };
      },
    };
  }

  const smtpUrl = opts.smtpUrl;
  let transporter: import('nodemailer').Transporter | null = null;
  return {
    transport: 'smtp',
    async send(m) {
      let status: 'sent' | 'failed' = 'sent';
      let error: string | undefined;
      let failure: FailureKind | undefined;
      let providerId: string | undefined;
      try {
        if (!transporter) {
          const nodemailer = await import('nodemailer');
          transporter = nodemailer.createTransport(smtpUrl);
        }
        const info = await transporter.sendMail({
          from: fromHeader(opts.from, m.fromName),
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          replyTo: m.replyTo,
          attachments: m.attachments?.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
        });
        providerId = info.messageId;
      } catch (e) {
        status = 'failed';
        error = e instanceof Error ? e.message : String(e);
        failure = failureKind(e);
      }
      // The SMTP server has the message; our copy is the delivery record and keeps no secret.
      const outboxId = await recordOutbox(db, {
        organizationId: m.organizationId,
        channel: 'email',
        to: m.to,
        subject: maskSecrets(m.subject, m.secrets),
        text: maskSecrets(m.text, m.secrets),
        // In HTML a link's `&` is written `&amp;`: both spellings are masked.
        html: maskSecrets(m.html, [...(m.secrets ?? []), ...(m.secrets ?? []).map(escapeHtml)]),
        attachments: meta(m),
        transport: 'smtp',
        status,
        error: maskSecrets(error, m.secrets),
        providerId,
      });
      return { outboxId, status, error, failure };
    },
  };
}
