// "My day" (docs/rules/team.md#my-day): each staff member's own visits of a day, and On my way, Start and Complete.
import {
  completeVisitResultSchema,
  myDayParamsSchema,
  myDayQuerySchema,
  myDaySchema,
  onMyWayBodySchema,
  onMyWayResultSchema,
  startVisitResultSchema,
  visitActionBodySchema,
} from '../../../contracts/my-day';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { getMyDay } from './my-day-view';
import { onMyWay } from './on-my-way';
import { completeVisit, startVisit } from './visit-progress';

const tags = ['my-day'];
/**
 * Any staff member (organization admin, manager, employee) works their own day; customers and guests hold none of
 * these. Being on the visit is checked by the service (403 otherwise).
 */
const STAFF = access.require(['view_appointments', 'manage_appointments', 'create_work_orders', 'manage_work_orders', 'view_time_entries'], { tenant: true });

export function myDayRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;

  app.get('/api/my-day', {
    config: { access: STAFF },
    schema: {
      tags,
      summary: "The caller's own visits of a day (today in the organization's zone by default), cancelled ones left out, in time order",
      querystring: myDayQuerySchema,
      response: { 200: myDaySchema },
    },
    handler: async (req) => getMyDay(db, requireCtx(req), req.query.date),
  });

  app.post('/api/my-day/:appointmentId/on-my-way', {
    config: { access: STAFF },
    schema: {
      tags,
      summary: 'On my way: tell the customer the expected arrival by text (or e-mail); a repeat within 10 minutes only moves the time',
      params: myDayParamsSchema,
      body: onMyWayBodySchema,
      response: { 200: onMyWayResultSchema },
    },
    handler: async (req) => onMyWay(deps, requireCtx(req), req.params.appointmentId, req.body.etaMinutes),
  });

  app.post('/api/my-day/:appointmentId/start', {
    config: { access: STAFF },
    schema: {
      tags,
      summary: "Start the visit: its scheduled job goes in progress and the caller's timer runs on the job (a timer on something else stops)",
      params: myDayParamsSchema,
      body: visitActionBodySchema,
      response: { 200: startVisitResultSchema },
    },
    handler: async (req) => startVisit(db, requireCtx(req), req.params.appointmentId),
  });

  app.post('/api/my-day/:appointmentId/complete', {
    config: { access: STAFF },
    schema: {
      tags,
      summary: "Complete the visit (status completed) and stop the caller's timer on its job",
      params: myDayParamsSchema,
      body: visitActionBodySchema,
      response: { 200: completeVisitResultSchema },
    },
    handler: async (req) => completeVisit(db, requireCtx(req), req.params.appointmentId),
  });
}
