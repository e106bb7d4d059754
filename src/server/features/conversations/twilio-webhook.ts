// Twilio's "a message comes in" webhook (docs/rules/messaging.md#replies-through-twilio): a reply is filed only when
// X-Twilio-Signature is Twilio's HMAC of the URL it called and the posted fields, keyed with TWILIO_AUTH_TOKEN; the
// URL is APP_URL and the path as received, which is what the number's webhook setting holds. The check is Twilio's
// own (its SDK's validateRequest, which also tries the URL with and without the default port); the tests compute the
// signature independently.
import type { FastifyBaseLogger } from 'fastify';
import { validateRequest } from 'twilio/lib/webhooks/webhooks.js';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../platform/errors';
import { fileInboundSms } from './file-inbound-sms';

/** What the webhook answers Twilio: nothing to send back (Twilio itself confirms STOP and START). */
export const EMPTY_TWIML = '<Response></Response>';

export const TWILIO_SIGNATURE_HEADER = 'x-twilio-signature';

/** The posted fields: the ones we read, and every other one Twilio sent (the signature covers them all). */
export type TwilioParams = { From: string; MessageSid: string; Body?: string } & Record<string, unknown>;

type TwilioConfig = Pick<Config, 'appUrl' | 'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_FROM'>;

/** Without Twilio there are no replies to take: the route answers 404, as a route that does not exist. */
export function twilioConfigured(config: TwilioConfig): config is TwilioConfig & { TWILIO_AUTH_TOKEN: string } {
  return Boolean(config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM);
}

/** The last four digits only: a phone number in a log line is a person's. */
const maskedPhone = (phone: string) => `…${phone.replace(/\D/g, '').slice(-4)}`;

export async function receiveTwilioSms(
  deps: { db: Db; config: TwilioConfig; log: FastifyBaseLogger },
  request: { path: string; signature: string | undefined; params: TwilioParams },
): Promise<void> {
  const { config } = deps;
  if (!twilioConfigured(config)) throw notFound();
  const url = `${config.appUrl}${request.path}`;
  const params = Object.fromEntries(Object.entries(request.params).filter(([, v]) => v !== undefined));
  if (!request.signature || !validateRequest(config.TWILIO_AUTH_TOKEN, request.signature, url, params)) throw forbidden('Invalid Twilio signature');

  const filed = await fileInboundSms(deps.db, { from: request.params.From, body: request.params.Body ?? '', providerId: request.params.MessageSid });
  if (filed.outcome === 'dropped') {
    // Answered like any other, so Twilio does not retry a reply nobody can take.
    deps.log.warn({ provider: 'twilio', from: maskedPhone(request.params.From), optOut: filed.optOut }, 'SMS reply from a number no organization has texted: not filed');
  }
}
