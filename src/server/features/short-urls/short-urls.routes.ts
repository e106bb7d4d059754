import { listQuerySchema } from '../../../contracts/lists';
import { LIST_PAGING, listExportFormatSchema } from '../../../contracts/list-export';
import {
  createShortUrlBodySchema,
  shortUrlIdParamsSchema,
  shortUrlListSchema,
  shortUrlSchema,
  updateShortUrlBodySchema,
} from '../../../contracts/short-urls';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { sendListExport } from '../../platform/list-export';
import { exportShortUrls } from './export-short-urls';
import { setTotalCount } from '../../platform/lists';
import { createShortUrl } from './create-short-url';
import { listShortUrls } from './list-short-urls';
import { resolveShortUrl } from './resolve-short-url';
import { assertNotOwnShortLink } from './short-link-target';
import { updateShortUrl } from './update-short-url';
import { SHORT_URL_NOT_FOUND_PAGE } from './short-url-not-found-page';

// The role table has no short-URL permission. Every staff role holds send_messages (short links are
// what staff send to customers) and customers/guests do not; writing takes manage_customers, held by
// org_admin and manager (and super_user) but not employee.
const read = access.require(['send_messages', 'manage_customers'], { tenant: true });
const write = access.require('manage_customers', { tenant: true });
const tags = ['short-urls'];

export function shortUrlsRoutes(app: ZodApp, deps: AppDeps): void {
  const { db, config } = deps;
  const ownHosts = (req: { host: string }) => ({ appUrl: config.appUrl, requestHost: req.host });

  app.get('/api/short-urls', {
    config: { access: read },
    schema: {
      tags,
      summary: "The organization's short URLs, newest first (q: title, URL or code; total in X-Total-Count)",
      querystring: listQuerySchema,
      response: { 200: shortUrlListSchema },
    },
    handler: async (req, reply) => {
      const { rows, total } = await listShortUrls(db, requireCtx(req), req.query);
      setTotalCount(reply, total);
      return rows;
    },
  });

  app.get('/api/short-urls/export', {
    config: { access: read, answers: 'spreadsheet' },
    schema: {
      tags,
      summary: 'The short URLs list as CSV or XLSX, with its search and sort, streamed (short-urls-<date>.csv|.xlsx)',
      querystring: listQuerySchema.omit(LIST_PAGING).extend(listExportFormatSchema.shape),
    },
    handler: async (req, reply) => sendListExport(db, req, reply, req.query, exportShortUrls(db, requireCtx(req), config.appUrl, req.query)),
  });

  app.post('/api/short-urls', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Add a short URL (shortCode optional: 7 random characters when left out; 409 when taken)',
      body: createShortUrlBodySchema,
      response: { 201: shortUrlSchema },
    },
    handler: async (req, reply) => {
      assertNotOwnShortLink(req.body.originalUrl, ownHosts(req));
      return reply.code(201).send(await createShortUrl(db, requireCtx(req), req.body));
    },
  });

  app.put('/api/short-urls/:id', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Change title, URL or active flag of a short URL (the code is read-only)',
      params: shortUrlIdParamsSchema,
      body: updateShortUrlBodySchema,
      response: { 200: shortUrlSchema },
    },
    handler: async (req) => {
      assertNotOwnShortLink(req.body.originalUrl, ownHosts(req));
      return updateShortUrl(db, requireCtx(req), req.params.id, req.body);
    },
  });

  // Public, outside /api: anyone with the link is sent on. No-store so every visit reaches us and counts.
  app.get<{ Params: { code: string } }>('/s/:code', { config: { answers: 'redirect' }, schema: { tags, summary: 'Follow a short link: 302 to its target (counted), or an HTML page when there is no such active link' } }, async (req, reply) => {
    const target = await resolveShortUrl(db, req.params.code);
    reply.header('Cache-Control', 'no-store');
    if (!target) return reply.code(404).type('text/html; charset=utf-8').send(SHORT_URL_NOT_FOUND_PAGE);
    return reply.redirect(target, 302);
  });
}
