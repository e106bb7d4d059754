// Demo scheduling and messaging: services, booking settings with a public link, reminder settings, two weeks of
// appointments around today (wall-clock times in the organization's zone), message templates and a few messages.
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { minutesOf } from '../../../contracts/scheduling';
import type { DbOrTx } from '../client';
import {
  appointmentAssignees,
  appointmentReminders,
  appointments,
  customers,
  messageDeliveries,
  messages,
  messageTemplates,
  reminderSettings,
  scheduleSettings,
  servicePerformers,
  services,
  staffProfiles,
  staffTimeOff,
  users,
  workOrderAssignees,
  workOrders,
  type DayHours,
} from '../schema/index';
import type { Repeat } from '../../../contracts/repeat';
import { reminderSettingsOf, remindersFor } from '../../features/reminders/schedule-reminders';
import { createSeries } from '../../features/scheduling/appointment-series';
import type { VisitTemplate } from '../../features/scheduling/insert-visit';
import { addDays, todayIn, weekdayOf } from '../../platform/wall-clock';
import { createRng } from './seed-demo-records';

const START_TIMES = ['08:00', '09:30', '11:00', '13:00', '14:30', '16:00'] as const;

interface DemoService {
  name: string;
  description: string;
  duration: number;
  price: string;
  /** Minutes the performer is kept after it (docs/rules/team.md#buffers). */
  bufferAfter?: number;
  /** Only the team members with these e-mails perform it (docs/rules/team.md#who-performs-a-service). */
  performers?: string[];
}

/** A member of the demo team and the hours they work, when not the organization's (seven days from Sunday). */
export interface DemoStaff {
  email: string;
  hours?: DayHours[];
  /** Days from today with an afternoon off (a dentist's appointment, a school play). */
  afternoonsOff?: number[];
}

/** A job visited on a rule (docs/rules/scheduling.md#repeating-visits): which job, by whom, which service, when. */
interface DemoRepeatingJob {
  jobTitle: string;
  member: string;
  service: string;
  /** 0 Sunday to 6 Saturday, and the wall-clock start. */
  weekday: number;
  time: (typeof START_TIMES)[number];
  repeat: Repeat;
  notes: string;
}

export interface SchedulingProfile {
  timeZone: string;
  saturday: boolean;
  services: DemoService[];
  team: DemoStaff[];
  repeatingJob?: DemoRepeatingJob;
}

const day = (enabled: boolean, start: string, end: string): DayHours => ({ enabled, start, end });
const OFF = day(false, '08:00', '17:00');

export const HOME_SCHEDULING: SchedulingProfile = {
  timeZone: 'America/Chicago',
  saturday: true,
  services: [
    { name: 'Plumbing inspection', description: 'Whole-home check of supply lines, drains and the water heater.', duration: 60, price: '129.00' },
    { name: 'Drain cleaning', description: 'Clear one clogged sink, tub or floor drain.', duration: 60, price: '149.00', bufferAfter: 15 },
    {
      name: 'Furnace tune-up',
      description: 'Seasonal safety inspection, cleaning and filter change.',
      duration: 90,
      price: '159.00',
      performers: ['manager@example.com', 'employee@example.com'],
    },
    {
      name: 'AC maintenance',
      description: 'Coil cleaning, refrigerant check and thermostat calibration.',
      duration: 90,
      price: '139.00',
      performers: ['manager@example.com', 'employee@example.com'],
    },
    { name: 'Free estimate visit', description: 'We look at the job and leave you a written quote.', duration: 30, price: '0.00', bufferAfter: 15 },
  ],
  // A team of three: the owner in the field mornings only, the manager on the organization's hours, and a technician
  // from Tuesday to Saturday with an afternoon off this week.
  team: [
    { email: 'admin@example.com', hours: [OFF, ...Array.from({ length: 5 }, () => day(true, '08:00', '12:30')), OFF] },
    { email: 'manager@example.com' },
    { email: 'employee@example.com', hours: [OFF, OFF, ...Array.from({ length: 4 }, () => day(true, '08:00', '17:00')), day(true, '08:00', '13:00')], afternoonsOff: [2] },
  ],
  // The manager's Friday-morning round on an open job: six weekly visits from the coming Friday.
  repeatingJob: {
    jobTitle: 'Water heater maintenance',
    member: 'manager@example.com',
    service: 'Plumbing inspection',
    weekday: 5,
    time: '08:00',
    repeat: { unit: 'week', interval: 1, count: 6 },
    notes: 'Weekly check of the new anode rod and the flue until the smell is gone.',
  },
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
  team: [{ email: 'admin@brightsmiles.example' }],
};

interface TeamMember extends DemoStaff {
  id: number;
}

/**
 * The team's own hours, time off and the jobs they are on: each active job gets a crew of one or two
 * (docs/rules/team.md). The appointments' assignee rows are written with the appointments.
 */
async function seedDemoTeam(tx: DbOrTx, organizationId: number, profile: SchedulingProfile, now: Date): Promise<{ members: TeamMember[]; byEmail: Map<string, number> }> {
  const found = await tx.select({ id: users.id, email: users.email }).from(users).where(and(eq(users.organizationId, organizationId), inArray(users.email, profile.team.map((m) => m.email))));
  const byEmail = new Map(found.map((u) => [u.email, u.id]));
  const members = profile.team.filter((m) => byEmail.has(m.email)).map((m) => ({ ...m, id: byEmail.get(m.email)! }));
  const withHours = members.filter((m) => m.hours);
  if (withHours.length) await tx.insert(staffProfiles).values(withHours.map((m) => ({ organizationId, userId: m.id, hours: m.hours! })));
  const today = todayIn(profile.timeZone, now);
  const away = members.flatMap((m) => (m.afternoonsOff ?? []).map((offset) => ({ organizationId, userId: m.id, startsAt: `${addDays(today, offset)}T12:00:00`, endsAt: `${addDays(today, offset)}T17:00:00`, reason: 'Dentist appointment' })));
  if (away.length) await tx.insert(staffTimeOff).values(away);
  const jobs = await tx
    .select({ id: workOrders.id })
    .from(workOrders)
    .where(and(eq(workOrders.organizationId, organizationId), inArray(workOrders.status, ['scheduled', 'in_progress'])))
    .orderBy(asc(workOrders.id));
  const crews = jobs.flatMap((job, i) => {
    const lead = members[i % members.length];
    const helper = i % 3 === 0 && members.length > 1 ? [members[(i + 1) % members.length]] : [];
    return [lead, ...helper].map((m) => ({ organizationId, workOrderId: job.id, userId: m.id }));
  });
  if (crews.length) await tx.insert(workOrderAssignees).values(crews);
  return { members, byEmail };
}

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
    .values(profile.services.map(({ performers: _p, ...s }) => ({ organizationId, ...s })))
    .returning({ id: services.id, duration: services.duration, bufferAfter: services.bufferAfter });
  const team = await seedDemoTeam(tx, organizationId, profile, now);
  const performerRows = profile.services.flatMap((s, i) => (s.performers ?? []).map((email) => ({ organizationId, serviceId: svc[i].id, userId: team.byEmail.get(email)! })));
  if (performerRows.length) await tx.insert(servicePerformers).values(performerRows);

  const people = await tx
    .select({ id: customers.id, name: customers.name, email: customers.email, phone: customers.phone })
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), isNotNull(customers.email)))
    .orderBy(asc(customers.id))
    .limit(40);
  if (people.length === 0) return;

  // Seven days back and seven ahead for each member of the team, inside their hours and never on their time off;
  // past ones completed (a few cancelled), coming ones scheduled. The start times are 90 minutes apart, so no
  // service with its buffer runs into the next one.
  const today = todayIn(profile.timeZone, now);
  const rows: (typeof appointments.$inferInsert)[] = [];
  // A customer's visit for a service at a wall-clock time; status, source and notes are the caller's.
  const visit = (person: (typeof people)[number], service: (typeof svc)[number], appointmentDate: string) => ({
    organizationId,
    serviceId: service.id,
    customerId: person.id,
    customerName: person.name,
    customerEmail: person.email!,
    customerPhone: person.phone,
    appointmentDate,
    duration: service.duration,
    bufferAfter: service.bufferAfter,
  });
  // Who holds each row's time; 0 for nobody.
  const holders: number[] = [];
  for (let offset = -7; offset <= 7; offset++) {
    const date = addDays(today, offset);
    const weekday = weekdayOf(date);
    if (weekday === 0 || (weekday === 6 && !profile.saturday)) continue;
    for (const member of team.members) {
      const hours = member.hours?.[weekday] ?? { enabled: true, start: '08:00', end: weekday === 6 ? '13:00' : '17:00' };
      if (!hours.enabled) continue;
      const offAfternoon = member.afternoonsOff?.includes(offset) ?? false;
      const repeating = profile.repeatingJob;
      for (const time of START_TIMES.filter(() => r.chance(team.members.length > 1 ? 0.5 : 0.55))) {
        // The repeating round's slot stays free for it.
        if (repeating && repeating.member === member.email && repeating.weekday === weekday && repeating.time === time && offset > 0) continue;
        const service = r.pick(svc.filter((_, i) => !profile.services[i].performers || profile.services[i].performers!.includes(member.email)));
        const end = minutesOf(time) + service.duration + service.bufferAfter;
        if (minutesOf(time) < minutesOf(hours.start) || end > minutesOf(hours.end) || (offAfternoon && end > minutesOf('12:00'))) continue;
        const past = offset < 0 || (offset === 0 && time < '12:00');
        rows.push({
          ...visit(r.pick(people), service, `${date}T${time}:00`),
          status: past ? (r.chance(0.1) ? 'cancelled' : 'completed') : r.chance(0.08) ? 'cancelled' : 'scheduled',
          source: r.chance(0.4) ? 'online' : 'staff',
          notes: r.chance(0.2) ? 'Gate code 4412; dog in the yard.' : null,
        });
        holders.push(member.id);
      }
    }
  }
  // Two coming online bookings nobody has taken yet: the dispatch board's unassigned list (docs/rules/team.md#dispatch-board).
  if (team.members.length > 1) {
    for (const [offset, time] of [[1, '10:00'], [2, '15:00']] as const) {
      const date = addDays(today, weekdayOf(addDays(today, offset)) === 0 ? offset + 1 : offset);
      rows.push({ ...visit(people[(offset * 7) % people.length], svc[0], `${date}T${time}:00`), status: 'pending', source: 'online', notes: null });
      holders.push(0);
    }
  }
  const created = await tx.insert(appointments).values(rows).returning({
    id: appointments.id,
    status: appointments.status,
    appointmentDate: appointments.appointmentDate,
    customerEmail: appointments.customerEmail,
    customerPhone: appointments.customerPhone,
  });
  const held = created.flatMap((a, i) => (holders[i] ? [{ organizationId, appointmentId: a.id, userId: holders[i], startsAt: '1970-01-01T00:00:00', endsAt: '1970-01-01T00:00:00', active: false }] : []));
  if (held.length) await tx.insert(appointmentAssignees).values(held);
  // The reminders the appointment writes would plan, in one statement for the whole fortnight.
  const reminderPlan = await reminderSettingsOf(tx, organizationId);
  const reminders = created.flatMap((a) => remindersFor(a, reminderPlan, profile.timeZone, now).map((p) => ({ organizationId, appointmentId: a.id, ...p })));
  if (reminders.length) await tx.insert(appointmentReminders).values(reminders);

  if (profile.repeatingJob) await seedRepeatingJob(tx, organizationId, profile.repeatingJob, team.byEmail, today, now);

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

/**
 * A job's repeating visits, made by the scheduling feature's own series code (so the demo shows what a user's
 * `Schedule visit` makes): from the first matching weekday after today, with the job's customer.
 */
async function seedRepeatingJob(tx: DbOrTx, organizationId: number, plan: DemoRepeatingJob, byEmail: Map<string, number>, today: string, now: Date): Promise<void> {
  const memberId = byEmail.get(plan.member);
  const [job] = await tx
    .select({ id: workOrders.id, customerId: customers.id, name: customers.name, email: customers.email, phone: customers.phone })
    .from(workOrders)
    .innerJoin(customers, and(eq(customers.organizationId, workOrders.organizationId), eq(customers.id, workOrders.customerId)))
    .where(and(eq(workOrders.organizationId, organizationId), inArray(workOrders.status, ['scheduled', 'in_progress']), isNotNull(customers.email)))
    // The job named in the plan when the records have one open, else the first open job.
    .orderBy(desc(sql`${workOrders.title} = ${plan.jobTitle}`), asc(workOrders.id))
    .limit(1);
  const [service] = await tx
    .select({ id: services.id, duration: services.duration, bufferBefore: services.bufferBefore, bufferAfter: services.bufferAfter })
    .from(services)
    .where(and(eq(services.organizationId, organizationId), eq(services.name, plan.service)));
  if (!job || !service || !memberId) return;
  let first = addDays(today, 1);
  while (weekdayOf(first) !== plan.weekday) first = addDays(first, 1);
  const template: VisitTemplate = {
    organizationId,
    serviceId: service.id,
    customerId: job.customerId,
    customerName: job.name,
    customerEmail: job.email!.toLowerCase(),
    customerPhone: job.phone,
    duration: service.duration,
    bufferBefore: service.bufferBefore,
    bufferAfter: service.bufferAfter,
    notes: plan.notes,
    workOrderId: job.id,
  };
  await createSeries(tx, template, `${first}T${plan.time}:00`, [memberId], plan.repeat, now);
  await tx.insert(workOrderAssignees).values({ organizationId, workOrderId: job.id, userId: memberId }).onConflictDoNothing();
}
