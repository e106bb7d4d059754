// Demo scheduling and messaging: services, booking settings with a public link, reminder settings, two weeks of
// appointments around today (wall-clock times in the organization's zone), message templates and a few messages.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { appointments, customers, messageDeliveries, messages, messageTemplates, reminderSettings, scheduleSettings, services } from '../schema/index';
import { scheduleReminders } from '../../features/reminders/schedule-reminders';
import { addDays, todayIn, weekdayOf } from '../../platform/wall-clock';
import { createRng } from './seed-demo-records';

interface DemoService {
  name: string;
  description: string;
  duration: number;
  price: string;
}

export interface SchedulingProfile {
  timeZone: string;
  saturday: boolean;
  services: DemoService[];
}

export const HOME_SCHEDULING: SchedulingProfile = {
  timeZone: 'America/Chicago',
  saturday: true,
  services: [
    { name: 'Plumbing inspection', description: 'Whole-home check of supply lines, drains and the water heater.', duration: 60, price: '129.00' },
    { name: 'Drain cleaning', description: 'Clear one clogged sink, tub or floor drain.', duration: 60, price: '149.00' },
    { name: 'Furnace tune-up', description: 'Seasonal safety inspection, cleaning and filter change.', duration: 90, price: '159.00' },
    { name: 'AC maintenance', description: 'Coil cleaning, refrigerant check and thermostat calibration.', duration: 90, price: '139.00' },
    { name: 'Free estimate visit', description: 'We look at the job and leave you a written quote.', duration: 30, price: '0.00' },
  ],
};

export const DENTAL_SCHEDULING: SchedulingProfile = {
  timeZone: 'America/Chicago',
  saturday: false,
  services: [
    { name: 'Cleaning and exam', description: 'Professional cleaning, exam and X-rays as needed.', duration: 60, price: '145.00' },
    { name: 'New patient visit', description: 'Comprehensive exam, full X-rays and a treatment plan.', duration: 90, price: '220.00' },
    { name: 'Teeth whitening', description: 'In-office whitening in one visit.', duration: 90, price: '399.00' },
    { name: 'Emergency visit', description: 'Same-week care for pain or a broken tooth.', duration: 30, price: '95.00' },
  ],
};

const START_TIMES = ['08:00', '09:30', '11:00', '13:00', '14:30', '16:00'];

export async function seedDemoScheduling(tx: DbOrTx, organizationId: number, profile: SchedulingProfile, now: Date): Promise<void> {
  const r = createRng(organizationId * 104_729);
  await tx.insert(scheduleSettings).values({
    organizationId,
    scheduleToken: randomBytes(24).toString('base64url'),
    timeZone: profile.timeZone,
    mondayStart: '08:00',
    tuesdayStart: '08:00',
    wednesdayStart: '08:00',
    thursdayStart: '08:00',
    fridayStart: '08:00',
    saturdayEnabled: profile.saturday,
    saturdayEnd: '13:00',
  });
  await tx.insert(reminderSettings).values({
    organizationId,
    defaultTiming: 24,
    customTimings: [2, 24],
    emailEnabled: true,
    smsEnabled: true,
    emailTemplate:
      'Hi {customerName},\n\nThis is a reminder of your {serviceName} with {organizationName} on {appointmentDate} at {appointmentTime}.\n\nReply to this e-mail if you need to change it.',
    smsTemplate: '{organizationName}: reminder of your {serviceName} on {appointmentDate} at {appointmentTime}.',
  });
  const svc = await tx
    .insert(services)
    .values(profile.services.map((s) => ({ organizationId, ...s })))
    .returning({ id: services.id, duration: services.duration });

  const people = await tx
    .select({ id: customers.id, name: customers.name, email: customers.email, phone: customers.phone })
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), isNotNull(customers.email)))
    .orderBy(asc(customers.id))
    .limit(40);
  if (people.length === 0) return;

  // Seven days back and seven ahead; past ones completed (a few cancelled), coming ones scheduled.
  const today = todayIn(profile.timeZone, now);
  const rows: (typeof appointments.$inferInsert)[] = [];
  for (let offset = -7; offset <= 7; offset++) {
    const date = addDays(today, offset);
    const weekday = weekdayOf(date);
    if (weekday === 0 || (weekday === 6 && !profile.saturday)) continue;
    const times = weekday === 6 ? START_TIMES.slice(0, 2) : START_TIMES.filter(() => r.chance(0.55));
    for (const time of times) {
      const person = r.pick(people);
      const service = r.pick(svc);
      const past = offset < 0 || (offset === 0 && time < '12:00');
      rows.push({
        organizationId,
        serviceId: service.id,
        customerId: person.id,
        customerName: person.name,
        customerEmail: person.email!,
        customerPhone: person.phone,
        appointmentDate: `${date}T${time}:00`,
        duration: service.duration,
        status: past ? (r.chance(0.1) ? 'cancelled' : 'completed') : r.chance(0.08) ? 'cancelled' : 'scheduled',
        source: r.chance(0.4) ? 'online' : 'staff',
        notes: r.chance(0.2) ? 'Gate code 4412; dog in the yard.' : null,
      });
    }
  }
  const created = await tx.insert(appointments).values(rows).returning({ id: appointments.id, status: appointments.status });
  for (const a of created) if (a.status === 'scheduled') await scheduleReminders(tx, a.id);

  await tx.insert(messageTemplates).values([
    { organizationId, name: 'Appointment follow-up', type: 'email', subject: 'Thank you for choosing us', content: 'Hi,\n\nThank you for your visit today. If anything is not right, reply to this e-mail and we will make it right.' },
    { organizationId, name: 'On our way', type: 'sms', subject: null, content: 'Your technician is on the way and will arrive in about 30 minutes.' },
  ]);
  const recipients = people.slice(0, 3).map((p) => p.email!.toLowerCase());
  const sentAt = new Date(now.getTime() - 3 * 86_400_000);
  const [sent] = await tx
    .insert(messages)
    .values({ organizationId, subject: 'Spring maintenance specials', content: 'Book a tune-up this month and save 15%.', recipients, type: 'email', status: 'sent', sentDate: sentAt, createdAt: sentAt })
    .returning({ id: messages.id });
  await tx.insert(messageDeliveries).values(recipients.map((to) => ({ organizationId, messageId: sent.id, recipient: to, channel: 'email', status: 'sent', sentAt })));
  await tx.insert(messages).values({ organizationId, subject: 'Holiday hours', content: 'We are closed on Thursday and Friday next week.', recipients, type: 'email', status: 'draft' });
}
