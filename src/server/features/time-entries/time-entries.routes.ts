import { listQuerySchema } from '../../../contracts/lists';
import { LIST_PAGING, listExportFormatSchema } from '../../../contracts/list-export';
import {
  activeTimeEntrySchema,
  startTimeEntryBodySchema,
  stopTimeEntryBodySchema,
  timeEntryIdParamsSchema,
  timeEntryListSchema,
  timeEntrySchema,
} from '../../../contracts/time-entries';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { sendListExport } from '../../platform/list-export';
import { exportTimeEntries } from './export-time-entries';
import { setTotalCount } from '../../platform/lists';
import { getActiveTimeEntry } from './get-active-time-entry';
import { listTimeEntries } from './list-time-entries';
import { startTimeEntry } from './start-time-entry';
import { stopTimeEntry } from './stop-time-entry';

const read = access.require(['view_time_entries', 'manage_time_entries'], { tenant: true });
// Employees hold only view_time_entries yet the time clock is theirs to use: starting and stopping
// one's OWN timer needs either permission; stopping someone else's needs manage_time_entries (stop-time-entry.ts).
const clock = access.require(['view_time_entries', 'manage_time_entries'], { tenant: true });

export function timeEntriesRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;

  app.get('/api/time-entries', {
    config: { access: read },
    schema: {
      tags: ['time-entries'],
      summary: 'Time entries, newest first; q searches work order title and customer name (total in X-Total-Count)',
      querystring: listQuerySchema,
      response: { 200: timeEntryListSchema },
    },
    handler: async (req, reply) => {
      const { rows, total } = await listTimeEntries(db, requireCtx(req), req.query);
      setTotalCount(reply, total);
      return rows;
    },
  });

  app.get('/api/time-entries/export', {
    config: { access: read, answers: 'spreadsheet' },
    schema: {
      tags: ['time-entries'],
      summary: 'The time entries list as CSV or XLSX, with its search and sort, streamed (time-entries-<date>.csv|.xlsx)',
      querystring: listQuerySchema.omit(LIST_PAGING).extend(listExportFormatSchema.shape),
    },
    handler: async (req, reply) => sendListExport(db, req, reply, req.query, exportTimeEntries(db, requireCtx(req), req.query)),
  });

  app.get('/api/time-entries/active', {
    config: { access: read },
    schema: { tags: ['time-entries'], summary: "The caller's running timer, or null", response: { 200: activeTimeEntrySchema } },
    handler: async (req) => getActiveTimeEntry(db, requireCtx(req)),
  });

  app.post('/api/time-entries', {
    config: { access: clock },
    schema: { tags: ['time-entries'], summary: 'Start a timer on a work order', body: startTimeEntryBodySchema, response: { 201: timeEntrySchema } },
    handler: async (req, reply) => reply.code(201).send(await startTimeEntry(db, requireCtx(req), req.body)),
  });

  app.put('/api/time-entries/:id', {
    config: { access: clock },
    schema: {
      tags: ['time-entries'],
      summary: 'Stop a timer (sets endTime, isActive false)',
      params: timeEntryIdParamsSchema,
      body: stopTimeEntryBodySchema,
      response: { 200: timeEntrySchema },
    },
    handler: async (req) => stopTimeEntry(db, requireCtx(req), req.params.id),
  });
}
