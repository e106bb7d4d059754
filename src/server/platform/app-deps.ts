// What routes and services are built from; tests pass their own.
import type { FastifyInstance, FastifyBaseLogger, RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Mailer } from '../adapters/mail/mailer';
import type { SmsSender } from '../adapters/sms/sms-sender';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';

export interface AppDeps {
  database: Database;
  db: Db;
  config: Config;
  mailer: Mailer;
  sms: SmsSender;
}

export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
