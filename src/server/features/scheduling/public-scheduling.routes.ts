// The public booking calls (access.public()): what an organization publishes, and booking itself.
import { z } from 'zod';
import {
  appointmentLinkParamsSchema,
  managedAppointmentSchema,
  rescheduleBodySchema,
  bookingBodySchema,
  bookingResultSchema,
  busyTimeSchema,
  publicDayQuerySchema,
  publicScheduleSchema,
  publicServiceSchema,
  publicSlotsQuerySchema,
  scheduleKeyParamsSchema,
  slotSchema,
} from '../../../contracts/scheduling';
import type { Db } from '../../db/client';
import type { ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { CLIENT_LIMITS } from '../../platform/client-limits';
import { invalid } from '../../platform/errors';
import type { MailDeps } from './appointment-writes';
import { defaultDuration, serviceOf } from './appointment-writes';
import { bookAppointment } from './book-appointment';
import { cancelByLink, managedAppointment, rescheduleByLink } from './appointment-links';
import { busyTimes, offeredSlots, staffChoice, type ServiceHold } from './booking-rules';
import { publicSchedule, resolveSchedule, servicesByKey } from './resolve-schedule';
import { normalize } from '../../platform/wall-clock';

const tags = ['public'];

export function publicSchedulingRoutes(app: ZodApp, db: Db, mail: MailDeps) {
  app.get('/api/public/schedule-by-slug/:slug', {
    config: { access: access.public() },
    schema: { tags, summary: 'The booking page: organization contact, active services, public settings', params: scheduleKeyParamsSchema, response: { 200: publicScheduleSchema } },
    handler: async (req) => publicSchedule(db, req.params.slug),
  });

  app.get('/api/public/appointments-by-slug/:slug', {
    config: { access: access.public() },
    schema: {
      tags,
      summary: 'Times taken on a day (start and length only, nothing about who)',
      params: scheduleKeyParamsSchema,
      querystring: publicDayQuerySchema,
      response: { 200: z.array(busyTimeSchema) },
    },
    handler: async (req) => {
      const { settings } = await resolveSchedule(db, req.params.slug);
      const rows = await busyTimes(db, settings.organizationId, req.query.date);
      return rows.map((r) => ({ appointmentDate: normalize(r.appointmentDate), duration: r.duration })).filter((r) => r.appointmentDate.startsWith(req.query.date));
    },
  });

  app.get('/api/public/slots-by-slug/:slug', {
    config: { access: access.public() },
    schema: {
      tags,
      summary: "The day's bookable 30-minute slots for the service (organization wall clock)",
      params: scheduleKeyParamsSchema,
      querystring: publicSlotsQuerySchema,
      response: { 200: z.array(slotSchema) },
    },
    handler: async (req) => {
      const { settings } = await resolveSchedule(db, req.params.slug);
      let hold: ServiceHold = { id: null, duration: defaultDuration(null), bufferBefore: 0, bufferAfter: 0 };
      if (req.query.serviceId) {
        const service = await serviceOf(db, settings.organizationId, req.query.serviceId);
        if (!service.isActive) throw invalid('serviceId: Service not found', [{ path: 'serviceId', message: 'Service not found' }]);
        hold = { id: service.id, duration: defaultDuration(service), bufferBefore: service.bufferBefore, bufferAfter: service.bufferAfter };
      }
      return offeredSlots(db, settings, req.query.date, hold, staffChoice(settings, req.query.staffId));
    },
  });

  app.post('/api/public/schedule-by-slug/:slug/book', {
    config: { access: access.public(), clientLimit: CLIENT_LIMITS.booking },
    schema: { tags, summary: 'Book online (409 when the time was taken meanwhile)', params: scheduleKeyParamsSchema, body: bookingBodySchema, response: { 201: bookingResultSchema } },
    handler: async (req, reply) => reply.code(201).send(await bookAppointment(db, mail, req.params.slug, req.body)),
  });

  app.get('/api/public/appointments/:token', {
    config: { access: access.public(), clientLimit: CLIENT_LIMITS.appointmentOpen },
    schema: {
      tags,
      summary: "The customer's appointment from their e-mail link, and whether the business's policy lets them change it now",
      params: appointmentLinkParamsSchema,
      response: { 200: managedAppointmentSchema },
    },
    handler: async (req) => managedAppointment(db, req.params.token),
  });

  app.post('/api/public/appointments/:token/cancel', {
    config: { access: access.public(), clientLimit: CLIENT_LIMITS.appointmentChange },
    schema: {
      tags,
      summary: 'Cancel by the e-mail link (409 with the reason when the policy does not allow it now)',
      params: appointmentLinkParamsSchema,
      response: { 200: managedAppointmentSchema },
    },
    handler: async (req) => cancelByLink(db, mail, req.params.token),
  });

  app.post('/api/public/appointments/:token/reschedule', {
    config: { access: access.public(), clientLimit: CLIENT_LIMITS.appointmentChange },
    schema: {
      tags,
      summary: 'Move to another offered time by the e-mail link (409 when taken meanwhile or the policy does not allow it now)',
      params: appointmentLinkParamsSchema,
      body: rescheduleBodySchema,
      response: { 200: managedAppointmentSchema },
    },
    handler: async (req) => rescheduleByLink(db, mail, req.params.token, req.body),
  });

  app.get('/api/public/services-by-slug/:slug', {
    config: { access: access.public() },
    schema: { tags, summary: "An organization's active services", params: scheduleKeyParamsSchema, response: { 200: z.array(publicServiceSchema) } },
    handler: async (req) => servicesByKey(db, req.params.slug),
  });
}
