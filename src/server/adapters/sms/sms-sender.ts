// SMS: Twilio when its three settings are present, otherwise the database outbox. Both refuse a number that opted out
// (docs/rules/messaging.md#sms-opt-outs) before anything leaves, and both keep a copy of what an organization sends in
// its conversation thread with the number, when there is one (docs/rules/messaging.md#conversations).
import type RequestClient from 'twilio/lib/base/RequestClient';
import type { Db } from '../../db/client';
import { failureKind, type FailureKind } from '../delivery-failure';
import type { DeliveryResult } from '../mail/mailer';
import { maskSecrets } from '../outbox/mask-secrets';
import { recordOutbox } from '../outbox/record-outbox';
import { isOptedOut, OPTED_OUT_ERROR, optOutKey } from './opt-outs';
import { copyToThread } from './thread-copy';

export interface SmsMessage {
  to: string;
  text: string;
  organizationId?: number | null;
  /** Substrings that let the reader in; the outbox row of a text sent through Twilio masks them (as the mailer does). */
  secrets?: string[];
  /** The staff member who wrote it: an answer from a conversation thread. */
  sentBy?: number | null;
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

/**
 * A send to a number that opted out: nothing leaves, and the outbox keeps the attempt with its reason. The result is a
 * failure of its own kind, so a caller that only knows "failed" never reports it as sent, and deliveryFailure answers
 * it as a 409 (adapters/delivery-failure.ts).
 */
async function refuseOptedOut(db: Db, m: SmsMessage, transport: 'outbox' | 'twilio'): Promise<DeliveryResult> {
  const outboxId = await recordOutbox(db, {
    organizationId: m.organizationId,
    channel: 'sms',
    to: m.to,
    text: maskSecrets(m.text, m.secrets),
    transport,
    status: 'opted_out',
    error: OPTED_OUT_ERROR,
  });
  return { outboxId, status: 'failed', error: OPTED_OUT_ERROR, failure: 'opted_out' };
}

/** The organization's thread with the number keeps what was sent (masked: staff read threads). */
async function keepInThread(db: Db, m: SmsMessage, result: DeliveryResult): Promise<void> {
  if (!m.organizationId) return;
  await copyToThread(db, {
    organizationId: m.organizationId,
    phone: optOutKey(m.to),
    body: maskSecrets(m.text, m.secrets),
    status: result.status,
    error: maskSecrets(result.error, m.secrets) ?? null,
    outboxId: result.outboxId,
    sentBy: m.sentBy ?? null,
  });
}

export function createSmsSender(opts: { db: Db; twilio?: TwilioSettings }): SmsSender {
  const { db } = opts;
  if (!opts.twilio) {
    return {
      transport: 'outbox',
      async send(m) {
        if (await isOptedOut(db, m.to)) return refuseOptedOut(db, m, 'outbox');
        const outboxId = await recordOutbox(db, {
          organizationId: m.organizationId,
          channel: 'sms',
          to: m.to,
          text: m.text,
          transport: 'outbox',
          status: 'stored',
        });
        const result: DeliveryResult = { outboxId, status: 'stored' };
        await keepInThread(db, m, result);
        return result;
      },
    };
  }
  const settings = opts.twilio;
  let client: { messages: { create(o: { from: string; to: string; body: string }): Promise<{ sid: string }> } } | null = null;
  return {
    transport: 'twilio',
    async send(m) {
      if (await isOptedOut(db, m.to)) return refuseOptedOut(db, m, 'twilio');
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
      const result: DeliveryResult = { outboxId, status, error, failure };
      await keepInThread(db, m, result);
      return result;
    },
  };
}
