// Spreadsheet imports (docs/rules/data-exchange.md#imports): upload, preview with a mapping and a duplicates choice,
// then the import, which streams its progress as NDJSON to a caller asking for it.
import { PassThrough } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IMPORT_PERMISSIONS,
  importChoicesSchema,
  importIdParamsSchema,
  importListQuerySchema,
  importListSchema,
  importPreviewSchema,
  importSchema,
  NDJSON_TYPE,
  type ImportRunLine,
} from '../../../contracts/imports';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { requireCtx } from '../../platform/guard';
import { setTotalCount } from '../../platform/lists';
import { findImport, toImportView } from './find-import';
import { listImports } from './list-imports';
import { previewImport } from './preview-import';
import { IMPORT_MULTIPART_LIMITS, receiveImportFile } from './receive-import-file';
import { runImport } from './run-import';
import { uploadImport } from './upload-import';

const tags = ['imports'];
// Any of the permissions that create what can be imported; the service checks the one of the import's kind.
const IMPORTER = access.require(Object.values(IMPORT_PERMISSIONS), { tenant: true });

const line = (value: ImportRunLine) => `${JSON.stringify(value)}\n`;

export function importsRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;

  // Multipart is parsed only here, for the upload: the other routes keep taking JSON alone.
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: IMPORT_MULTIPART_LIMITS });
    scope.withTypeProvider<ZodTypeProvider>().post('/api/imports', {
      config: { access: IMPORTER },
      schema: {
        tags,
        summary:
          'Upload a spreadsheet to import (multipart: file field "file", text fields "kind" (customers, inventory_items, services or vendors) and, for a super user, "organizationId"): a CSV or XLSX decided by content (else 415), at most 20 MB (413) and 50,000 rows (400); answers its columns, row count, the guessed mapping and the fields',
        response: { 201: importSchema },
      },
      handler: async (req, reply) => reply.code(201).send(await uploadImport(db, requireCtx(req), await receiveImportFile(req))),
    });
  });

  app.get('/api/imports', {
    config: { access: IMPORTER },
    schema: { tags, summary: 'Recent imports of the kinds the caller may import, newest first (total in X-Total-Count)', querystring: importListQuerySchema, response: { 200: importListSchema } },
    handler: async (req, reply) => {
      const { rows, total } = await listImports(db, requireCtx(req), req.query);
      setTotalCount(reply, total);
      return rows;
    },
  });

  app.get('/api/imports/:id', {
    config: { access: IMPORTER },
    schema: { tags, summary: 'One import: its columns, mapping, status and counts', params: importIdParamsSchema, response: { 200: importSchema } },
    handler: async (req) => toImportView(await findImport(db, requireCtx(req), req.params.id)),
  });

  app.post('/api/imports/:id/preview', {
    config: { access: IMPORTER },
    schema: {
      tags,
      summary: 'What the import would do with this mapping and duplicates choice: the first rows as they would come in, every problem of the file by row and column, and the counts; keeps the choices',
      params: importIdParamsSchema,
      body: importChoicesSchema,
      response: { 200: importPreviewSchema },
    },
    handler: async (req) => previewImport(db, requireCtx(req), req.params.id, req.body),
  });

  app.post('/api/imports/:id/run', {
    config: { access: IMPORTER },
    schema: {
      tags,
      summary:
        'Import the file in one transaction: any problem answers 400 naming them and nothing changes; a second run at once answers 409. With Accept: application/x-ndjson the answer streams lines {type:"progress",done,total}, then {type:"result",import} (or {type:"error",status,code,message})',
      params: importIdParamsSchema,
      body: importChoicesSchema,
      response: { 200: importSchema },
    },
    handler: async (req, reply) => {
      const ctx = requireCtx(req);
      if (!(req.headers.accept ?? '').includes(NDJSON_TYPE)) return runImport(db, ctx, req.params.id, req.body);
      // The answer starts with the first progress line, once every check has passed: a refusal before it is an
      // ordinary error answer (400, 409), and only a failure while writing arrives as the stream's last line.
      const stream = new PassThrough();
      let started!: () => void;
      const start = new Promise<void>((resolve) => (started = resolve));
      let streaming = false;
      const finished = runImport(db, ctx, req.params.id, req.body, (done, total) => {
        streaming = true;
        started();
        stream.write(line({ type: 'progress', done, total }));
      }).then(
        (result) => {
          stream.end(line({ type: 'result', import: result }));
        },
        (err: unknown) => {
          if (!streaming) throw err;
          req.log.error({ err }, 'import failed while writing');
          const status = err instanceof AppError ? err.status : 500;
          const code = err instanceof AppError ? err.code : 'INTERNAL_ERROR';
          stream.end(line({ type: 'error', status, code, message: err instanceof AppError ? err.message : 'The import failed: nothing was imported' }));
        },
      );
      await Promise.race([start, finished]);
      // The stream is not the JSON the response schema describes: sent past the typed reply, which serializes nothing.
      const untyped: FastifyReply = reply;
      return untyped.code(200).header('content-type', NDJSON_TYPE).header('cache-control', 'no-store').header('x-accel-buffering', 'no').send(stream);
    },
  });
}
