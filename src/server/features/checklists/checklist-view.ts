// A job's checklists as the API answers them (docs/rules/team.md#checklists): the copied name and items, the answers
// by item id, and who completed it. Callers pass a job they already found in the caller's scope.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { WorkOrderChecklist } from '../../../contracts/checklists';
import type { DbOrTx } from '../../db/client';
import { users, workOrderChecklists } from '../../db/schema/index';

export type ChecklistRow = typeof workOrderChecklists.$inferSelect;

/**
 * "Dana Reyes", else the e-mail address (as the team shows people); null once the user is gone.
 * The outer column is named by hand: a select from one table renders its columns unqualified.
 */
const completedByName = sql<string | null>`(select coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) from ${users} u where u.id = work_order_checklists.completed_by)`;

export const checklistColumns = { row: workOrderChecklists, completedByName };

export function toChecklist({ row, completedByName: name }: { row: ChecklistRow; completedByName: string | null }): WorkOrderChecklist {
  return {
    id: row.id,
    workOrderId: row.workOrderId,
    templateId: row.templateId,
    name: row.name,
    items: row.items.map((i) => ({ id: i.id, label: i.label, kind: i.kind, required: i.required })),
    answers: row.answers ?? {},
    completedAt: row.completedAt?.toISOString() ?? null,
    completedBy: row.completedBy !== null && name !== null ? { id: row.completedBy, name } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The checklists of one job of `organizationId`, in the order they were put on it. */
export async function jobChecklists(db: DbOrTx, organizationId: number, workOrderId: number): Promise<WorkOrderChecklist[]> {
  const rows = await db
    .select(checklistColumns)
    .from(workOrderChecklists)
    .where(and(eq(workOrderChecklists.organizationId, organizationId), eq(workOrderChecklists.workOrderId, workOrderId)))
    .orderBy(asc(workOrderChecklists.id));
  return rows.map(toChecklist);
}

/** One checklist by id (of a job already found in scope). */
export async function checklistById(db: DbOrTx, organizationId: number, id: number): Promise<WorkOrderChecklist> {
  const [row] = await db
    .select(checklistColumns)
    .from(workOrderChecklists)
    .where(and(eq(workOrderChecklists.organizationId, organizationId), eq(workOrderChecklists.id, id)))
    .limit(1);
  return toChecklist(row);
}
