// E-mail: SMTP through nodemailer when SMTP_URL is set, otherwise the database outbox.
import type { Db } from '../../db/client';
import { failureKind, type FailureKind } from '../delivery-failure';
import { maskSecrets } from '../outbox/mask-secrets';
import { recordOutbox } from '../outbox/record-outbox';

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
          from: opts.from,
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
        html: maskSecrets(m.html, m.secrets),
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
