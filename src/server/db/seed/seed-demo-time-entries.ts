// Demo time entries: the organization's staff clocking hours against the jobs they worked, so Time
// Tracking and the Hours Tracked report show real figures on first start. No timer is left running.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { timeEntries, users, workOrders } from '../schema/index';
import { createRng } from './seed-demo-records';

const WORKED_STATUSES = ['in_progress', 'completed'];
const STAFF_ROLES = ['org_admin', 'manager', 'employee'];
const DESCRIPTIONS = ['Diagnosis and quote', 'On-site work', 'Parts pickup and install', 'Follow-up visit', 'Testing and clean-up', null];
const MINUTE = 60_000;
const DAY = 1_440 * MINUTE;

export async function seedDemoTimeEntries(tx: DbOrTx, organizationId: number, now: Date): Promise<number> {
  const rng = createRng(organizationId * 7919);
  const staff = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), inArray(users.role, STAFF_ROLES)))
    .orderBy(asc(users.id));
  if (staff.length === 0) return 0;
  const jobs = await tx
    .select({ id: workOrders.id, startDate: workOrders.startDate, createdAt: workOrders.createdAt })
    .from(workOrders)
    .where(and(eq(workOrders.organizationId, organizationId), inArray(workOrders.status, WORKED_STATUSES)))
    .orderBy(asc(workOrders.id));

  const rows: (typeof timeEntries.$inferInsert)[] = [];
  for (const job of jobs) {
    const firstDay = job.startDate ?? job.createdAt;
    for (let visit = 0, visits = rng.int(1, 3); visit < visits; visit++) {
      const person = rng.pick(staff);
      // Whole quarter hours from 8:00 to 15:45 UTC on the job's day or the next two.
      const start = new Date(Math.floor(firstDay.getTime() / DAY) * DAY + visit * DAY + (8 * 60 + rng.int(0, 31) * 15) * MINUTE);
      const end = new Date(start.getTime() + rng.int(3, 16) * 15 * MINUTE);
      if (end.getTime() > now.getTime()) continue;
      rows.push({
        organizationId,
        workOrderId: job.id,
        userId: person.id,
        employeeName: [person.firstName, person.lastName].filter(Boolean).join(' '),
        description: rng.pick(DESCRIPTIONS),
        startTime: start,
        endTime: end,
        isActive: false,
      });
    }
  }
  if (rows.length > 0) await tx.insert(timeEntries).values(rows);
  return rows.length;
}
