// Organization B never reads or changes A's reminder settings, nor reads A's invoice reminders.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { DEFAULT_REMINDER_STEPS } from '../../../contracts/payment-reminders';
import { customers, paymentReminderSettings } from '../../db/schema/index';
import type { IsolationCase, World } from '../../test/isolation';

const body = {
  enabled: true,
  steps: DEFAULT_REMINDER_STEPS.map((s) => ({ ...s })),
  emailSubject: 'S',
  emailBody: 'B {payLink}',
  smsBody: 'T',
  quietHoursStart: null,
  quietHoursEnd: null,
  lateFeeType: 'none',
  lateFeeRecurrence: 'once',
  lateFeeGraceDays: 0,
};

export const isolationCases: Record<string, IsolationCase> = {
  'GET /api/payment-reminders/settings': {
    kind: 'custom',
    run: async (w: World) => {
      await w.t.call({ method: 'PUT', url: '/api/payment-reminders/settings', cookie: w.adminA.cookie, payload: { ...body, emailSubject: 'A secret subject' } });
      const b = await w.t.call({ url: `/api/payment-reminders/settings?organizationId=${w.orgA.id}`, cookie: w.adminB.cookie });
      expect(b.statusCode).toBe(200);
      expect(b.json().emailSubject).not.toBe('A secret subject');
    },
  },
  'PUT /api/payment-reminders/settings': {
    kind: 'custom',
    run: async (w: World) => {
      const res = await w.t.call({ method: 'PUT', url: `/api/payment-reminders/settings?organizationId=${w.orgA.id}`, cookie: w.adminB.cookie, payload: { ...body, emailSubject: 'From B' } });
      expect(res.statusCode).toBe(200);
      const [a] = await w.t.database.db.select().from(paymentReminderSettings).where(eq(paymentReminderSettings.organizationId, w.orgA.id));
      expect(a?.emailSubject).not.toBe('From B');
    },
  },
  'GET /api/invoices/:id/reminders': {
    kind: 'custom',
    run: async (w: World) => {
      const [c] = await w.t.database.db.insert(customers).values({ organizationId: w.orgA.id, name: 'Reminder Isolation' }).returning({ id: customers.id });
      const inv = await w.t.call({ method: 'POST', url: '/api/invoices', cookie: w.adminA.cookie, payload: { customerId: c.id, status: 'sent', lineItems: [{ description: 'Work', rate: 10 }] } });
      const id = inv.json().id;
      expect((await w.t.call({ url: `/api/invoices/${id}/reminders`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      expect((await w.t.call({ url: `/api/invoices/${id}/reminders`, cookie: w.adminA.cookie })).statusCode).toBe(200);
    },
  },
};
