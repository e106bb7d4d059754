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
import { setupIntentResponseSchema } from '../../../contracts/customer-portal';
import { paymentIntentResponseSchema } from '../../../contracts/payments';
import { startBookingCardSetup, startBookingDeposit } from './start-hold';
import type { Config } from '../../config';
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

export function publicSchedulingRoutes(app: ZodApp, db: Db, config: Config, mail: MailDeps) {
  app.get('/api/public/schedule-by-slug/:slug', {
    config: { access: access.public() },
    schema: { tags, summary: 'The booking page: organization contact, active services, public settings', params: scheduleKeyParamsSchema, response: { 200: publicScheduleSchema } },
    handler: async (req) => publicSchedule(db, config, req.params.slug),
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
    schema: {
      tags,
      summary: 'Book online (409 when the time was taken meanwhile); held for a deposit or a card when the organization asks for one (`hold`)',
      params: scheduleKeyParamsSchema,
      body: bookingBodySchema,
      response: { 201: bookingResultSchema },
    },
    handler: async (req, reply) => reply.code(201).send(await bookAppointment(db, config, mail, req.params.slug, req.body)),
  });

  // Holding a booking (docs/rules/scheduling.md#holding-a-booking): the hold token the booking answered is the only
  // credential; each call starts a payment or a card save, so they count with the other payment starts.
  app.post('/api/public/bookings/:token/deposit-intent', {
    config: { access: access.public(), clientLimit: CLIENT_LIMITS.paymentStart },
    schema: {
      tags,
      summary: "Start paying the deposit that holds an online booking (409 once its hold has ended); confirmed like any payment intent, which confirms the booking",
      params: appointmentLinkParamsSchema,
      response: { 200: paymentIntentResponseSchema },
    },
    handler: async (req) => startBookingDeposit(db, config, req.params.token),
  });

  app.post('/api/public/bookings/:token/setup-intent', {
    config: { access: access.public(), clientLimit: CLIENT_LIMITS.paymentStart },
    schema: {
      tags,
      summary: "Start keeping a card on file to hold an online booking (409 once its hold has ended); confirmed like any card save, which confirms the booking",
      params: appointmentLinkParamsSchema,
      response: { 200: setupIntentResponseSchema },
    },
    handler: async (req) => startBookingCardSetup(db, config, req.params.token),
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
