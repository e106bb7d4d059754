// buildApp: the one factory the server and the tests use.
import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import { compressPluginOptions, registerJsonCompression } from './platform/compression';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createObjectStore } from './adapters/file-store/file-store';
import { createMailer, type Mailer } from './adapters/mail/mailer';
import { createSmsSender, type SmsSender } from './adapters/sms/sms-sender';
import type { Config } from './config';
import type { Database } from './db/client';
import { adminRoutes } from './features/admin/admin.routes';
import { customersRoutes } from './features/customers/customers.routes';
import { dashboardRoutes } from './features/dashboard/dashboard.routes';
import { authRoutes } from './features/auth/auth.routes';
import { devOutboxRoutes } from './features/dev-outbox/dev-outbox.routes';
import { canReadOutbox, isOutboxPage } from './features/dev-outbox/outbox-access';
import { healthRoutes } from './features/health/health.routes';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { organizationsRoutes } from './features/organizations/organizations.routes';
import { estimatesRoutes } from './features/estimates/estimates.routes';
import { quoteApprovalRoutes } from './features/quote-approval/quote-approval.routes';
import { paymentPlansRoutes } from './features/payment-plans/payment-plans.routes';
import { taxRatesRoutes } from './features/tax-rates/tax-rates.routes';
import { paymentRemindersRoutes } from './features/payment-reminders/payment-reminders.routes';
import { recurringInvoicesRoutes } from './features/recurring-invoices/recurring-invoices.routes';
import { invoicesRoutes } from './features/invoices/invoices.routes';
import { creditNotesRoutes } from './features/credit-notes/credit-notes.routes';
import { refundsRoutes } from './features/refunds/refunds.routes';
import { workOrdersRoutes } from './features/work-orders/work-orders.routes';
import { workOrderAttachmentsRoutes } from './features/work-order-attachments/work-order-attachments.routes';
import { checklistsRoutes } from './features/checklists/checklists.routes';
import { apiKeysRoutes } from './features/api-keys/api-keys.routes';
import { teamRoutes } from './features/team/team.routes';
import { myDayRoutes } from './features/my-day/my-day.routes';
import { dispatchRoutes } from './features/dispatch/dispatch.routes';
import { searchRoutes } from './features/search/search.routes';
import { zipRoutes } from './features/zip/zip.routes';
import { paymentsRoutes } from './features/payments/payments.routes';
import { paymentProcessorsRoutes } from './features/payment-processors/payment-processors.routes';
import { paymentLinksRoutes } from './features/payment-links/payment-links.routes';
import { paymentAnalyticsRoutes } from './features/payment-analytics/payment-analytics.routes';
import { customerPortalRoutes } from './features/customer-portal/customer-portal.routes';
import { vendorsRoutes } from './features/vendors/vendors.routes';
import { schedulingRoutes } from './features/scheduling/scheduling.routes';
import { messagingRoutes } from './features/messaging/messaging.routes';
import { conversationsRoutes } from './features/conversations/conversations.routes';
import { reviewRequestsRoutes } from './features/review-requests/review-requests.routes';
import { inventoryRoutes } from './features/inventory/inventory.routes';
import { shortUrlsRoutes } from './features/short-urls/short-urls.routes';
import { timeEntriesRoutes } from './features/time-entries/time-entries.routes';
import { reportsRoutes } from './features/reports/reports.routes';
import { importsRoutes } from './features/imports/imports.routes';
import { accountingExportsRoutes } from './features/accounting-exports/accounting-exports.routes';
import { usersRoutes } from './features/users/users.routes';
import { webhooksRoutes } from './features/webhooks/webhooks.routes';
import type { AppDeps, ZodApp } from './platform/app-deps';
import { errorBody, registerErrorHandling } from './platform/errors';
import { isFromThisMachine } from './platform/this-machine';
import { openApiOptions } from './platform/openapi';
import { registerClientLimits } from './platform/client-limits';
import { isApiUrl, registerGuard, type RouteEntry } from './platform/guard';
import { registerSecurityHeaders } from './platform/security-headers';
import { logsEveryRequest, RequestLogController, serializeRequest } from './platform/request-log';
import { registerMetrics } from './platform/metrics';

export interface BuildOptions {
  database: Database;
  config: Config;
  mailer?: Mailer;
  sms?: SmsSender;
  logger?: boolean;
  /** Where the log goes when `logger` is on (tests read it); stdout when absent. */
  logStream?: { write(line: string): void };
}

export interface BuiltApp {
  app: FastifyInstance;
  deps: AppDeps;
  /** Every /api route with its declared access (the tenant-isolation test walks it). */
  routes: RouteEntry[];
}

/** Every feature's routes, in one list so nothing is forgotten. */
const FEATURES: ((app: ZodApp, deps: AppDeps) => void)[] = [
  healthRoutes,
  authRoutes,
  adminRoutes,
  organizationsRoutes,
  notificationsRoutes,
  devOutboxRoutes,
  customersRoutes,
  zipRoutes,
  searchRoutes,
  dashboardRoutes,
  workOrdersRoutes,
  workOrderAttachmentsRoutes,
  checklistsRoutes,
  estimatesRoutes,
  quoteApprovalRoutes,
  invoicesRoutes,
  creditNotesRoutes,
  paymentPlansRoutes,
  taxRatesRoutes,
  paymentRemindersRoutes,
  recurringInvoicesRoutes,
  paymentsRoutes,
  refundsRoutes,
  paymentProcessorsRoutes,
  paymentLinksRoutes,
  paymentAnalyticsRoutes,
  customerPortalRoutes,
  vendorsRoutes,
  schedulingRoutes,
  teamRoutes,
  myDayRoutes,
  dispatchRoutes,
  messagingRoutes,
  conversationsRoutes,
  reviewRequestsRoutes,
  inventoryRoutes,
  shortUrlsRoutes,
  timeEntriesRoutes,
  reportsRoutes,
  importsRoutes,
  accountingExportsRoutes,
  usersRoutes,
  apiKeysRoutes,
  webhooksRoutes,
];

export async function buildApp(opts: BuildOptions): Promise<BuiltApp> {
  const { database, config } = opts;
  const db = database.db;
  const deps: AppDeps = {
    database,
    db,
    config,
    mailer: opts.mailer ?? createMailer({ db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }),
    sms:
      opts.sms ??
      createSmsSender({
        db,
        twilio:
          config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM
            ? { accountSid: config.TWILIO_ACCOUNT_SID, authToken: config.TWILIO_AUTH_TOKEN, from: config.TWILIO_FROM, apiBase: config.TWILIO_API_BASE }
            : undefined,
      }),
    objectStore: createObjectStore(config),
  };

  const app = Fastify({
    logger: opts.logger
      ? {
          level: config.LOG_LEVEL,
          redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-impersonation-token"]', 'req.headers["x-portal-token"]'],
          // Portal-link tokens in a query string are masked (platform/request-log.ts).
          serializers: { req: serializeRequest },
          ...(opts.logStream ? { stream: opts.logStream } : {}),
        }
      : false,
    // A line per request only when asked; 5xx answers are logged either way (platform/request-log.ts).
    logController: new RequestLogController(logsEveryRequest(config)),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // State-changing calls always carry a JSON content type (CSRF rule), some with no body at all.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '' || body === undefined) return done(null, undefined);
    parseJson(req, body as string, done);
  });

  // GET /metrics, and the latency of every answer, this machine's or a token holder's to read (platform/metrics.ts).
  const metrics = registerMetrics(app, { database, config });
  registerErrorHandling(app, { onProviderFailure: metrics.providerFailed });
  // Brotli or gzip for larger API answers (one call each) and the web app's assets (the JS bundle shrinks about 4x).
  // With PGlite the database works on the main thread, so compression goes to the thread pool beside it.
  registerJsonCompression(app, { offMainThread: database.kind === 'pglite' });
  await app.register(compress, compressPluginOptions);
  await app.register(cookie);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://js.stripe.com'],
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.secureCookies,
  });

  // Before the guard and before any body is read: every call to a limited public route counts.
  registerClientLimits(app, { db, config });
  const routes = registerGuard(app, { db, config });

  // The API documentation is a development convenience: it answers only this machine (docs/security.md).
  app.addHook('onRequest', async (request, reply) => {
    // The matched route, so no spelling of the path slips past.
    const route = request.routeOptions.url ?? '';
    if ((route === '/api/docs' || route.startsWith('/api/docs/')) && !isFromThisMachine(request)) {
      return reply.code(404).send(errorBody('NOT_FOUND', 'Not found'));
    }
  });

  // Error answers, sign-in schemes, list and file answers and operationIds are added centrally (platform/openapi.ts).
  await app.register(swagger, openApiOptions(config));
  // Authorize keeps an API key across reloads of this machine's docs page, so calls can be tried with it (docs/api.md).
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { persistAuthorization: true } });

  for (const feature of FEATURES) feature(app, deps);

  await registerWebApp(app, config);
  return { app, deps, routes };
}

/** The built React app, with index.html for every client-side route. */
async function registerWebApp(app: FastifyInstance, config: Config) {
  const dist = path.resolve(config.WEB_DIST_DIR);
  const indexFile = path.join(dist, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: dist,
      // A wildcard route (not a file list taken at start-up) keeps serving after a rebuild.
      wildcard: true,
      index: false,
      setHeaders: (reply, filePath) => {
        // Hashed assets never change; index.html always revalidates.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }
  const sendIndex = (reply: import('fastify').FastifyReply) =>
    reply.header('Cache-Control', 'no-cache').type('text/html').send(fs.createReadStream(indexFile));
  // The static plugin answers a directory (such as /) with 403; the app's root is the React app.
  if (hasBuild) app.get('/', (_request, reply) => sendIndex(reply));
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (isApiUrl(url) || request.method !== 'GET' || !hasBuild) {
      return reply.code(404).send(errorBody('NOT_FOUND', 'Not found'));
    }
    if (/\.[a-z0-9]+$/i.test(url) && !url.endsWith('.html')) return reply.code(404).send(errorBody('NOT_FOUND', 'Not found'));
    // The outbox page exists exactly where its data answers (features/dev-outbox/outbox-access.ts).
    if (isOutboxPage(url) && !canReadOutbox(config, request)) return reply.code(404).send(errorBody('NOT_FOUND', 'Not found'));
    return sendIndex(reply);
  });
}
