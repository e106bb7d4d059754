// The team (docs/rules/team.md): staff members with their hours and time off, and each one's calendar feed.
import { z } from 'zod';
import {
  calendarFeedParamsSchema,
  calendarFeedSchema,
  staffMemberSchema,
  staffParamsSchema,
  teamQuerySchema,
  timeOffBodySchema,
  timeOffParamsSchema,
  timeOffQuerySchema,
  timeOffSchema,
  updateStaffMemberBodySchema,
} from '../../../contracts/team';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { CLIENT_LIMITS } from '../../platform/client-limits';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { calendarFeedText, createCalendarFeed, getCalendarFeed, revokeCalendarFeed } from './calendar-feed';
import { addTimeOff, listTeam, listTimeOff, removeTimeOff, updateStaffMember } from './team-service';

const tags = ['team'];
// Whoever schedules or dispatches reads the team; everyone on it reads it too (their own time off, the board).
const READ = access.require(['view_appointments', 'manage_appointments', 'assign_work_orders', 'create_work_orders', 'manage_work_orders'], { tenant: true });
const WRITE = access.require('manage_appointments', { tenant: true });
// A person's private calendar address is a credential of theirs: made and turned off only by them, never by an API key
// acting as its creator (docs/rules/public-api.md#what-a-key-cannot-call).
const OWN_FEED = access.require(['view_appointments', 'manage_appointments', 'create_work_orders', 'manage_work_orders', 'view_time_entries'], { tenant: true, sessionOnly: true });

export function teamRoutes(app: ZodApp, deps: AppDeps): void {
  const { db, config } = deps;

  app.get('/api/team', {
    config: { access: READ },
    schema: { tags, summary: 'Staff members: name, role, hours in force (their own or the organization’s), bookable online', querystring: teamQuerySchema, response: { 200: z.array(staffMemberSchema) } },
    handler: async (req) => listTeam(db, requireCtx(req), req.query.organizationId),
  });

  app.put('/api/team/:userId', {
    config: { access: WRITE },
    schema: {
      tags,
      summary: 'Set a staff member’s own weekly hours (null: the organization’s) and whether customers can book them online',
      params: staffParamsSchema,
      querystring: teamQuerySchema,
      body: updateStaffMemberBodySchema,
      response: { 200: staffMemberSchema },
    },
    handler: async (req) => updateStaffMember(db, requireCtx(req), req.params.userId, req.body, req.query.organizationId),
  });

  app.get('/api/team/:userId/time-off', {
    config: { access: READ },
    schema: {
      tags,
      summary: 'A staff member’s time off that has not ended (from a day, today by default)',
      params: staffParamsSchema,
      querystring: timeOffQuerySchema.extend(teamQuerySchema.shape),
      response: { 200: z.array(timeOffSchema) },
    },
    handler: async (req) => listTimeOff(db, requireCtx(req), req.params.userId, req.query.from, req.query.organizationId),
  });

  app.post('/api/team/:userId/time-off', {
    config: { access: READ },
    schema: {
      tags,
      summary: 'Record time off (wall clock, organization time zone): managers for anyone, a staff member for themself',
      params: staffParamsSchema,
      querystring: teamQuerySchema,
      body: timeOffBodySchema,
      response: { 201: timeOffSchema },
    },
    handler: async (req, reply) => reply.code(201).send(await addTimeOff(db, requireCtx(req), req.params.userId, req.body, req.query.organizationId)),
  });

  app.delete('/api/team/time-off/:id', {
    config: { access: READ },
    schema: { tags, summary: 'Remove time off', params: timeOffParamsSchema, querystring: teamQuerySchema, response: { 204: z.null() } },
    handler: async (req, reply) => {
      await removeTimeOff(db, requireCtx(req), req.params.id, req.query.organizationId);
      return reply.code(204).send(null);
    },
  });

  app.get('/api/me/calendar-feed', {
    config: { access: OWN_FEED },
    schema: { tags, summary: 'Whether the caller has a calendar feed (its address is shown only when made)', response: { 200: calendarFeedSchema } },
    handler: async (req) => getCalendarFeed(db, requireCtx(req)),
  });

  app.post('/api/me/calendar-feed', {
    config: { access: OWN_FEED },
    schema: { tags, summary: 'Make a new private calendar address (the old one stops working); answered once', response: { 201: calendarFeedSchema } },
    handler: async (req, reply) => reply.code(201).send(await createCalendarFeed(db, requireCtx(req), config.appUrl)),
  });

  app.delete('/api/me/calendar-feed', {
    config: { access: OWN_FEED },
    schema: { tags, summary: 'Turn the calendar feed off: its address stops working', response: { 200: calendarFeedSchema } },
    handler: async (req) => revokeCalendarFeed(db, requireCtx(req)),
  });

  app.get('/api/calendar-feed/:file', {
    config: { access: access.public(), clientLimit: CLIENT_LIMITS.calendarFeed },
    schema: { tags: ['public'], summary: 'A staff member’s calendar (iCalendar, RFC 5545) for Google, Outlook and Apple Calendar to subscribe to', params: calendarFeedParamsSchema },
    handler: async (req, reply) => {
      const text = await calendarFeedText(db, req.params.file.replace(/\.ics$/, ''), { appUrl: config.appUrl, mailFrom: config.MAIL_FROM });
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="tradebook.ics"')
        .header('cache-control', 'private, max-age=300')
        .send(text);
    },
  });
}
