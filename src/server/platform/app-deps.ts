// What routes and services are built from; tests pass their own.
import type { FastifyInstance, FastifyBaseLogger, RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ObjectStore } from '../adapters/file-store/file-store';
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
  /** Where new job photos and files go: the configured object storage, or null for the database (adapters/file-store). */
  objectStore: ObjectStore | null;
}

export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
