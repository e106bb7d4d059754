// A job's checklists (docs/rules/team.md#checklists): put on by hand or by a visit's service, filled in on site by the
// job's crew or someone who manages jobs, completed once every required item is answered, reopened by a manager.
import { and, eq, inArray, like } from 'drizzle-orm';
import {
  CHECKLIST_MESSAGES,
  checkAnswer,
  missingRequired,
  type AttachChecklist,
  type ChecklistAnswer,
  type ChecklistAnswersBody,
  type WorkOrderChecklist,
} from '../../../contracts/checklists';
import type { Db, DbOrTx } from '../../db/client';
import { checklistTemplates, workOrderAssignees, workOrderAttachments, workOrderChecklists, workOrders } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { conflict, forbidden, invalid, notFound, type Issue } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { writeAudit } from '../audit/write-audit';
import { checklistById, type ChecklistRow } from './checklist-view';

const MANAGES_JOBS = 'manage_work_orders';

/** The caller's job (404 for another organization's) and whether they may fill in its checklists: crew or manager. */
async function jobFor(tx: DbOrTx, ctx: RequestContext, workOrderId: number): Promise<{ id: number; organizationId: number }> {
  const [job] = await tx
    .select({ id: workOrders.id, organizationId: workOrders.organizationId })
    .from(workOrders)
    .where(tenantWhere(tenantScope(ctx), workOrders, eq(workOrders.id, workOrderId)))
    .limit(1);
  if (!job) throw notFound('Work order not found');
  if (!ctx.permissions.has(MANAGES_JOBS)) {
    const [onCrew] = await tx
      .select({ userId: workOrderAssignees.userId })
      .from(workOrderAssignees)
      .where(and(eq(workOrderAssignees.organizationId, job.organizationId), eq(workOrderAssignees.workOrderId, job.id), eq(workOrderAssignees.userId, ctx.user.id)))
      .limit(1);
    if (!onCrew) throw forbidden(CHECKLIST_MESSAGES.notCrew);
  }
  return job;
}

/** The job's checklist, locked for the change (404 when it is not this job's). */
async function lockedChecklist(tx: DbOrTx, job: { id: number; organizationId: number }, checklistId: number): Promise<ChecklistRow> {
  const [row] = await tx
    .select()
    .from(workOrderChecklists)
    .where(and(eq(workOrderChecklists.organizationId, job.organizationId), eq(workOrderChecklists.workOrderId, job.id), eq(workOrderChecklists.id, checklistId)))
    .for('update')
    .limit(1);
  if (!row) throw notFound(CHECKLIST_MESSAGES.checklistNotFound);
  return row;
}

/** Copies an active template's name and items onto the job (409 when it is already there). */
export async function attachChecklist(db: Db, ctx: RequestContext, workOrderId: number, body: AttachChecklist): Promise<WorkOrderChecklist> {
  const made = await db.transaction(async (tx) => {
    const job = await jobFor(tx, ctx, workOrderId);
    const [template] = await tx
      .select({ id: checklistTemplates.id, name: checklistTemplates.name, items: checklistTemplates.items })
      .from(checklistTemplates)
      .where(and(eq(checklistTemplates.organizationId, job.organizationId), eq(checklistTemplates.id, body.templateId), eq(checklistTemplates.isActive, true)))
      .limit(1);
    if (!template) throw invalid(`templateId: ${CHECKLIST_MESSAGES.templateNotFound}`, [{ path: 'templateId', message: CHECKLIST_MESSAGES.templateNotFound }]);
    const [row] = await tx
      .insert(workOrderChecklists)
      .values({ organizationId: job.organizationId, workOrderId: job.id, templateId: template.id, name: template.name, items: template.items })
      .onConflictDoNothing()
      .returning({ id: workOrderChecklists.id });
    if (!row) throw conflict(CHECKLIST_MESSAGES.alreadyOnJob);
    return { organizationId: job.organizationId, id: row.id };
  });
  return checklistById(db, made.organizationId, made.id);
}

/** Only a manager removes one (the office decides what a job needs), and not once it is completed. */
export async function removeChecklist(db: Db, ctx: RequestContext, workOrderId: number, checklistId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const job = await jobFor(tx, ctx, workOrderId);
    const row = await lockedChecklist(tx, job, checklistId);
    if (!ctx.permissions.has(MANAGES_JOBS)) throw forbidden(CHECKLIST_MESSAGES.removeNeedsManager);
    if (row.completedAt) throw conflict(CHECKLIST_MESSAGES.removeCompleted);
    await tx.delete(workOrderChecklists).where(eq(workOrderChecklists.id, row.id));
    await writeAudit(tx, ctx, {
      action: 'checklist.remove',
      entityType: 'work_order',
      entityId: job.id,
      organizationId: job.organizationId,
      details: { checklistId: row.id, name: row.name, answered: Object.keys(row.answers ?? {}).length },
    });
  });
}

/** Photos a checklist answer names must be image attachments of the same job. */
async function checkPhotos(tx: DbOrTx, job: { id: number; organizationId: number }, photos: { itemId: string; attachmentId: number }[]): Promise<Issue[]> {
  if (photos.length === 0) return [];
  const found = await tx
    .select({ id: workOrderAttachments.id })
    .from(workOrderAttachments)
    .where(
      and(
        eq(workOrderAttachments.organizationId, job.organizationId),
        eq(workOrderAttachments.workOrderId, job.id),
        inArray(workOrderAttachments.id, photos.map((p) => p.attachmentId)),
        like(workOrderAttachments.contentType, 'image/%'),
      ),
    );
  const ok = new Set(found.map((f) => f.id));
  return photos.filter((p) => !ok.has(p.attachmentId)).map((p) => ({ path: `answers.${p.itemId}`, message: CHECKLIST_MESSAGES.photoNotOnJob }));
}

/** Saves the answers sent (null clears one); the others stay. Partial answers are fine until Complete. */
export async function saveChecklistAnswers(db: Db, ctx: RequestContext, workOrderId: number, checklistId: number, body: ChecklistAnswersBody): Promise<WorkOrderChecklist> {
  const organizationId = await db.transaction(async (tx) => {
    const job = await jobFor(tx, ctx, workOrderId);
    const row = await lockedChecklist(tx, job, checklistId);
    if (row.completedAt) throw conflict(CHECKLIST_MESSAGES.completed);
    const kinds = new Map(row.items.map((i) => [i.id, i.kind]));
    const issues: Issue[] = [];
    const answers: Record<string, ChecklistAnswer> = { ...(row.answers ?? {}) };
    const photos: { itemId: string; attachmentId: number }[] = [];
    for (const [itemId, value] of Object.entries(body.answers)) {
      const kind = kinds.get(itemId);
      if (!kind) {
        issues.push({ path: `answers.${itemId}`, message: CHECKLIST_MESSAGES.unknownItem });
        continue;
      }
      const checked = checkAnswer(kind, value);
      if ('problem' in checked) {
        issues.push({ path: `answers.${itemId}`, message: checked.problem });
        continue;
      }
      if (checked.answer === null) delete answers[itemId];
      else answers[itemId] = checked.answer;
      if (checked.answer !== null && typeof checked.answer === 'object') photos.push({ itemId, attachmentId: checked.answer.attachmentId });
    }
    issues.push(...(await checkPhotos(tx, job, photos)));
    if (issues.length > 0) throw invalid(`${issues[0].path}: ${issues[0].message}`, issues);
    await tx.update(workOrderChecklists).set({ answers }).where(eq(workOrderChecklists.id, row.id));
    return job.organizationId;
  });
  return checklistById(db, organizationId, checklistId);
}

/** Stamps who completed it and when; refused (400, by label) while a required item has no answer. */
export async function completeChecklist(db: Db, ctx: RequestContext, workOrderId: number, checklistId: number, now = new Date()): Promise<WorkOrderChecklist> {
  const organizationId = await db.transaction(async (tx) => {
    const job = await jobFor(tx, ctx, workOrderId);
    const row = await lockedChecklist(tx, job, checklistId);
    if (row.completedAt) throw conflict(CHECKLIST_MESSAGES.alreadyCompleted);
    const missing = missingRequired({ items: row.items, answers: row.answers ?? {} });
    if (missing.length > 0) {
      throw invalid(
        CHECKLIST_MESSAGES.missing(missing.map((m) => m.label)),
        missing.map((m) => ({ path: `answers.${m.id}`, message: CHECKLIST_MESSAGES.required })),
      );
    }
    await tx.update(workOrderChecklists).set({ completedAt: now, completedBy: ctx.user.id }).where(eq(workOrderChecklists.id, row.id));
    return job.organizationId;
  });
  return checklistById(db, organizationId, checklistId);
}

/** A manager's: the answers stay, the completion goes, and the crew may change it again. */
export async function reopenChecklist(db: Db, ctx: RequestContext, workOrderId: number, checklistId: number): Promise<WorkOrderChecklist> {
  const organizationId = await db.transaction(async (tx) => {
    const job = await jobFor(tx, ctx, workOrderId);
    const row = await lockedChecklist(tx, job, checklistId);
    if (!ctx.permissions.has(MANAGES_JOBS)) throw forbidden(CHECKLIST_MESSAGES.reopenNeedsManager);
    if (!row.completedAt) throw conflict(CHECKLIST_MESSAGES.notCompleted);
    await tx.update(workOrderChecklists).set({ completedAt: null, completedBy: null }).where(eq(workOrderChecklists.id, row.id));
    await writeAudit(tx, ctx, {
      action: 'checklist.reopen',
      entityType: 'work_order',
      entityId: job.id,
      organizationId: job.organizationId,
      details: { checklistId: row.id, name: row.name, completedAt: row.completedAt.toISOString(), completedBy: row.completedBy },
    });
    return job.organizationId;
  });
  return checklistById(db, organizationId, checklistId);
}
