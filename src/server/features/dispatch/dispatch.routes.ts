// The dispatch board (docs/rules/team.md#dispatch-board). Moving an appointment on the board is PUT /api/appointments/:id.
import { appointmentSchema } from '../../../contracts/scheduling';
import { dispatchBoardSchema, dispatchQuerySchema, scheduleJobBodySchema, scheduleJobParamsSchema } from '../../../contracts/dispatch';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { appointmentMailDeps } from '../scheduling/appointment-mail-deps';
import { dispatchBoard } from './dispatch-board';
import { scheduleJob } from './schedule-job';

const tags = ['dispatch'];
// Whoever reads appointments reads the board (the Team list's readers); writing needs assign_work_orders too (checked in the service).
const READ = access.require(['view_appointments', 'manage_appointments'], { tenant: true });
const WRITE = access.require('manage_appointments', { tenant: true });

export function dispatchRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  const mail = appointmentMailDeps(app, deps);

  app.get('/api/dispatch', {
    config: { access: READ },
    schema: {
      tags,
      summary: 'The dispatch board: a day or a week of each staff member’s appointments, with the unassigned ones and the open jobs without a coming visit',
      querystring: dispatchQuerySchema,
      response: { 200: dispatchBoardSchema },
    },
    handler: async (req) => dispatchBoard(db, requireCtx(req), req.query),
  });

  app.post('/api/dispatch/jobs/:id/schedule', {
    config: { access: WRITE },
    schema: {
      tags,
      summary: 'Schedule a job: a visit for its customer at the time with the people (409 when one of them is taken), who join its crew; needs assign_work_orders too',
      params: scheduleJobParamsSchema,
      body: scheduleJobBodySchema,
      response: { 201: appointmentSchema },
    },
    handler: async (req, reply) => reply.code(201).send(await scheduleJob(db, mail, requireCtx(req), req.params.id, req.body)),
  });
}
