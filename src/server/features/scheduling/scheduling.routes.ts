import { z } from 'zod';
import {
  appointmentSchema,
  appointmentsQuerySchema,
  cancelAppointmentQuerySchema,
  createAppointmentBodySchema,
  createServiceBodySchema,
  migrateWorkOrdersResultSchema,
  organizationQuerySchema,
  reminderSettingsBodySchema,
  reminderSettingsSchema,
  scheduleSettingsBodySchema,
  scheduleSettingsSchema,
  schedulingIdParamsSchema,
  serviceSchema,
  updateAppointmentBodySchema,
  updateServiceBodySchema,
} from '../../../contracts/scheduling';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { getAppointment, listAppointments } from './appointment-view';
import { appointmentMailDeps } from './appointment-mail-deps';
import { migrateWorkOrders } from './migrate-work-orders';
import { createService, deleteService, listServices, updateService } from './manage-services';
import { createReminderSettings, getReminderSettings, updateReminderSettings } from './reminder-settings';
import { cancelAppointment, createAppointment, updateAppointment } from './save-appointment';
import { createScheduleSettings, getScheduleSettings, updateScheduleSettings } from './schedule-settings';
import { publicSchedulingRoutes } from './public-scheduling.routes';

const read = access.require(['view_appointments', 'manage_appointments'], { tenant: true });
const write = access.require('manage_appointments', { tenant: true });
const tags = ['scheduling'];

export function schedulingRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;
  const mail = appointmentMailDeps(app, deps);

  // ---- Services
  app.get('/api/services', {
    config: { access: read },
    schema: { tags, summary: 'Services of the organization, by name', querystring: organizationQuerySchema, response: { 200: z.array(serviceSchema) } },
    handler: async (req) => listServices(db, requireCtx(req), req.query.organizationId),
  });
  app.post('/api/services', {
    config: { access: write },
    schema: { tags, summary: 'Add a service', body: createServiceBodySchema, response: { 201: serviceSchema } },
    handler: async (req, reply) => reply.code(201).send(await createService(db, requireCtx(req), req.body)),
  });
  app.put('/api/services/:id', {
    config: { access: write },
    schema: { tags, summary: 'Change a service', params: schedulingIdParamsSchema, body: updateServiceBodySchema, response: { 200: serviceSchema } },
    handler: async (req) => updateService(db, requireCtx(req), req.params.id, req.body),
  });
  app.delete('/api/services/:id', {
    config: { access: write },
    schema: { tags, summary: 'Remove a service (its appointments stay)', params: schedulingIdParamsSchema },
    handler: async (req, reply) => {
      await deleteService(db, requireCtx(req), req.params.id);
      return reply.code(204).send();
    },
  });
  app.post('/api/migrate-work-orders', {
    config: { access: write },
    schema: { tags, summary: 'Create services from the work order titles when there are none', body: organizationQuerySchema.nullish(), response: { 200: migrateWorkOrdersResultSchema } },
    handler: async (req) => migrateWorkOrders(db, requireCtx(req), req.body?.organizationId),
  });

  // ---- Schedule settings
  app.get('/api/schedule-settings', {
    config: { access: read },
    schema: { tags, summary: "The organization's booking settings, or null", querystring: organizationQuerySchema, response: { 200: scheduleSettingsSchema.nullable() } },
    handler: async (req) => getScheduleSettings(db, requireCtx(req), req.query.organizationId),
  });
  app.post('/api/schedule-settings', {
    config: { access: write },
    schema: { tags, summary: 'Set up online booking (makes the public scheduleToken)', body: scheduleSettingsBodySchema, response: { 201: scheduleSettingsSchema } },
    handler: async (req, reply) => reply.code(201).send(await createScheduleSettings(db, deps.config, requireCtx(req), req.body)),
  });
  app.put('/api/schedule-settings/:id', {
    config: { access: write },
    schema: { tags, summary: 'Change booking settings (a deposit or card to hold online bookings needs online card payments: 400 otherwise)', params: schedulingIdParamsSchema, body: scheduleSettingsBodySchema, response: { 200: scheduleSettingsSchema } },
    handler: async (req) => updateScheduleSettings(db, deps.config, requireCtx(req), req.params.id, req.body),
  });

  // ---- Reminder settings
  app.get('/api/reminder-settings', {
    config: { access: read },
    schema: { tags, summary: "The organization's reminder settings, or null", querystring: organizationQuerySchema, response: { 200: reminderSettingsSchema.nullable() } },
    handler: async (req) => getReminderSettings(db, requireCtx(req), req.query.organizationId),
  });
  app.post('/api/reminder-settings', {
    config: { access: write },
    schema: { tags, summary: 'Create reminder settings', body: reminderSettingsBodySchema, response: { 201: reminderSettingsSchema } },
    handler: async (req, reply) => reply.code(201).send(await createReminderSettings(db, requireCtx(req), req.body)),
  });
  app.put('/api/reminder-settings/:id', {
    config: { access: write },
    schema: { tags, summary: 'Change reminder settings', params: schedulingIdParamsSchema, body: reminderSettingsBodySchema, response: { 200: reminderSettingsSchema } },
    handler: async (req) => updateReminderSettings(db, requireCtx(req), req.params.id, req.body),
  });

  // ---- Appointments
  app.get('/api/appointments', {
    config: { access: read },
    schema: { tags, summary: 'Appointments on the days from..to (organization wall clock), by time', querystring: appointmentsQuerySchema, response: { 200: z.array(appointmentSchema) } },
    handler: async (req) => listAppointments(db, requireCtx(req), req.query),
  });
  app.get('/api/appointments/:id', {
    config: { access: read },
    schema: { tags, summary: 'One appointment', params: schedulingIdParamsSchema, response: { 200: appointmentSchema } },
    handler: async (req) => getAppointment(db, requireCtx(req), req.params.id),
  });
  app.post('/api/appointments', {
    config: { access: write },
    schema: { tags, summary: 'Book an appointment (e-mails the customer a calendar invitation)', body: createAppointmentBodySchema, response: { 201: appointmentSchema } },
    handler: async (req, reply) => reply.code(201).send(await createAppointment(db, mail, requireCtx(req), req.body)),
  });
  app.put('/api/appointments/:id', {
    config: { access: write },
    schema: { tags, summary: 'Change an appointment (e-mails the customer the update)', params: schedulingIdParamsSchema, body: updateAppointmentBodySchema, response: { 200: appointmentSchema } },
    handler: async (req) => updateAppointment(db, mail, requireCtx(req), req.params.id, req.body),
  });
  app.delete('/api/appointments/:id', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Cancel an appointment (status cancelled; e-mails the customer); applyTo=following also cancels the later visits of its series',
      params: schedulingIdParamsSchema,
      querystring: cancelAppointmentQuerySchema,
      response: { 200: appointmentSchema },
    },
    handler: async (req) => cancelAppointment(db, mail, requireCtx(req), req.params.id, req.query.applyTo),
  });

  publicSchedulingRoutes(app, db, deps.config, mail);
}
