// SMS: Twilio when its three settings are present, otherwise the database outbox.
import type RequestClient from 'twilio/lib/base/RequestClient';
import type { Db } from '../../db/client';
import { failureKind, type FailureKind } from '../delivery-failure';
import type { DeliveryResult } from '../mail/mailer';
import { maskSecrets } from '../outbox/mask-secrets';
import { recordOutbox } from '../outbox/record-outbox';

export interface SmsMessage {
  to: string;
  text: string;
  organizationId?: number | null;
  /** Substrings that let the reader in; the outbox row of a text sent through Twilio masks them (as the mailer does). */
  secrets?: string[];
}

export interface SmsSender {
  readonly transport: 'outbox' | 'twilio';
  send(message: SmsMessage): Promise<DeliveryResult>;
}

type RequestOptions<TData> = RequestClient.RequestOptions<TData>;

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  from: string;
  /** TWILIO_API_BASE: another base URL for the API (a test double); https://api.twilio.com when absent. */
  apiBase?: string;
}

export function createSmsSender(opts: { db: Db; twilio?: TwilioSettings }): SmsSender {
  const { db } = opts;
  if (!opts.twilio) {
    return {
      transport: 'outbox',
      async send(m) {
        const outboxId = await recordOutbox(db, {
          organizationId: m.organizationId,
          channel: 'sms',
          to: m.to,
          text: m.text,
          transport: 'outbox',
          status: 'stored',
        });
        return { outboxId, status: 'stored' };
      },
    };
  }
  const settings = opts.twilio;
  let client: { messages: { create(o: { from: string; to: string; body: string }): Promise<{ sid: string }> } } | null = null;
  return {
    transport: 'twilio',
    async send(m) {
      let status: 'sent' | 'failed' = 'sent';
      let error: string | undefined;
      let failure: FailureKind | undefined;
      let providerId: string | undefined;
      try {
        if (!client) {
          // Loaded on first use: the SDK is large and most installations never configure it.
          const { default: twilio } = await import('twilio');
          const apiBase = settings.apiBase?.replace(/\/+$/, '');
          const httpClient = apiBase
            ? new (class extends twilio.RequestClient {
                override request<TData>(o: RequestOptions<TData>) {
                  return super.request<TData>({ ...o, uri: o.uri.replace(/^https:\/\/[^/]+/, apiBase) });
                }
              })()
            : undefined;
          client = twilio(settings.accountSid, settings.authToken, httpClient ? { httpClient } : undefined);
        }
        const res = await client.messages.create({ from: settings.from, to: m.to, body: m.text });
        providerId = res.sid;
      } catch (e) {
        status = 'failed';
        error = e instanceof Error ? e.message : String(e);
        failure = failureKind(e);
      }
      const outboxId = await recordOutbox(db, {
        organizationId: m.organizationId,
        channel: 'sms',
        to: m.to,
        text: maskSecrets(m.text, m.secrets),
        transport: 'twilio',
        status,
        error: maskSecrets(error, m.secrets),
        providerId,
      });
      return { outboxId, status, error, failure };
    },
  };
}
