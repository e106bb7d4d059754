// Demo checklists (docs/rules/team.md#checklists): a "Furnace tune-up" template the Furnace tune-up service brings to
// its jobs, and one furnace job whose crew has filled it in and completed it.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { checklistTemplates, serviceChecklistTemplates, services, workOrderAssignees, workOrderChecklists, workOrders, type StoredChecklistAnswer, type StoredChecklistItem } from '../schema/index';

const FURNACE_TUNE_UP: StoredChecklistItem[] = [
  { id: 'thermostat', label: 'Thermostat calls for heat and the system starts', kind: 'yes_no', required: true },
  { id: 'filter', label: 'Air filter replaced', kind: 'yes_no', required: true },
  { id: 'filter-size', label: 'Filter size', kind: 'text', required: false },
  { id: 'burners', label: 'Burners cleaned and flame is steady blue', kind: 'yes_no', required: true },
  { id: 'flame-sensor', label: 'Flame sensor cleaned', kind: 'yes_no', required: true },
  { id: 'flame-current', label: 'Flame sensor current (µA)', kind: 'number', required: false },
  { id: 'gas-pressure', label: 'Manifold gas pressure (in. w.c.)', kind: 'number', required: true },
  { id: 'temp-rise', label: 'Temperature rise across the heat exchanger (°F)', kind: 'number', required: true },
  { id: 'heat-exchanger', label: 'Heat exchanger free of cracks and rust', kind: 'yes_no', required: true },
  { id: 'co-reading', label: 'Carbon monoxide in the flue (ppm)', kind: 'number', required: true },
  { id: 'burner-photo', label: 'Photo of the burners after cleaning', kind: 'photo', required: false },
  { id: 'notes', label: 'Notes for the customer', kind: 'text', required: false },
];

const FILLED: Record<string, StoredChecklistAnswer> = {
  thermostat: true,
  filter: true,
  'filter-size': '16x25x1 pleated, MERV 8',
  burners: true,
  'flame-sensor': true,
  'flame-current': 4.2,
  'gas-pressure': 3.5,
  'temp-rise': 52,
  'heat-exchanger': true,
  'co-reading': 8,
  notes: 'The flame sensor had a white coating and was cleaned. The condensate trap is cracked: we recommend replacing it before winter.',
};

export async function seedDemoChecklists(tx: DbOrTx, organizationId: number, now: Date): Promise<void> {
  const [template] = await tx.insert(checklistTemplates).values({ organizationId, name: 'Furnace tune-up', items: FURNACE_TUNE_UP }).returning({ id: checklistTemplates.id });
  const [service] = await tx
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.organizationId, organizationId), eq(services.name, 'Furnace tune-up')))
    .limit(1);
  if (service) await tx.insert(serviceChecklistTemplates).values({ organizationId, serviceId: service.id, templateId: template.id });

  // A job under way (a furnace one if there is one), filled in and completed by the first of its crew; a job only
  // scheduled gets the answers without the completion.
  const open = and(eq(workOrders.organizationId, organizationId), inArray(workOrders.status, ['in_progress', 'scheduled']));
  const [job] = await tx
    .select({ id: workOrders.id, status: workOrders.status })
    .from(workOrders)
    .where(open)
    .orderBy(desc(eq(workOrders.status, 'in_progress')), sql`${workOrders.title} ilike '%furnace%' desc`, asc(workOrders.id))
    .limit(1);
  if (!job) return;
  const [crew] = await tx
    .select({ userId: workOrderAssignees.userId })
    .from(workOrderAssignees)
    .where(and(eq(workOrderAssignees.organizationId, organizationId), eq(workOrderAssignees.workOrderId, job.id)))
    .orderBy(asc(workOrderAssignees.userId))
    .limit(1);
  await tx.insert(workOrderChecklists).values({
    organizationId,
    workOrderId: job.id,
    templateId: template.id,
    name: 'Furnace tune-up',
    items: FURNACE_TUNE_UP,
    answers: FILLED,
    completedAt: crew && job.status === 'in_progress' ? new Date(now.getTime() - 2 * 3_600_000) : null,
    completedBy: crew && job.status === 'in_progress' ? crew.userId : null,
  });
}
