// The organization's checklist templates (docs/rules/team.md#checklists): a name and up to 50 items, each with an id
// the server makes once and keeps across edits, so the services and jobs that use a template follow it by id.
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  CHECKLIST_MESSAGES,
  CHECKLIST_LIMITS,
  type ChecklistItemInput,
  type ChecklistTemplate,
  type CreateChecklistTemplate,
  type DeleteChecklistTemplateResult,
  type UpdateChecklistTemplate,
} from '../../../contracts/checklists';
import type { Db, DbOrTx } from '../../db/client';
import { checklistTemplates, organizations, serviceChecklistTemplates, services, workOrderChecklists, type StoredChecklistItem } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { conflict, invalid, notFound } from '../../platform/errors';
import { organizationForWrite, scopeFilter, tenantScope, tenantWhere } from '../../platform/tenancy';
import { writeAudit } from '../audit/write-audit';

// Qualified by hand: a select from one table renders its columns unqualified, which inside the subquery would name st's.
const servicesJson = sql<{ id: number; name: string }[]>`coalesce((select json_agg(json_build_object('id', s.id, 'name', s.name) order by s.name, s.id)
  from ${serviceChecklistTemplates} st join ${services} s on s.organization_id = st.organization_id and s.id = st.service_id
  where st.organization_id = checklist_templates.organization_id and st.template_id = checklist_templates.id), '[]'::json)`;

type TemplateRow = typeof checklistTemplates.$inferSelect;

function toTemplate(row: TemplateRow, usedBy: { id: number; name: string }[]): ChecklistTemplate {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    items: row.items.map((i) => ({ id: i.id, label: i.label, kind: i.kind, required: i.required })),
    isActive: row.isActive,
    services: usedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Items as stored: an item sent without an id gets a new one; one sent with its id keeps it (answers follow it). */
export function storedItems(items: readonly ChecklistItemInput[]): StoredChecklistItem[] {
  const taken = new Set(items.flatMap((i) => (i.id ? [i.id] : [])));
  return items.map((i) => {
    let id = i.id;
    while (!id || (!i.id && taken.has(id))) id = randomBytes(6).toString('base64url');
    taken.add(id);
    return { id, label: i.label.trim(), kind: i.kind, required: i.required ?? false };
  });
}

async function selectTemplates(db: DbOrTx, where: ReturnType<typeof scopeFilter>): Promise<ChecklistTemplate[]> {
  const rows = await db
    .select({ t: checklistTemplates, services: servicesJson })
    .from(checklistTemplates)
    .where(where)
    .orderBy(desc(checklistTemplates.isActive), asc(checklistTemplates.name), asc(checklistTemplates.id));
  return rows.map((r) => toTemplate(r.t, r.services));
}

/** Every template of the caller's organization (a super user's chosen one, or all): active ones first, by name. */
export async function listChecklistTemplates(db: DbOrTx, ctx: RequestContext, organizationId?: number): Promise<ChecklistTemplate[]> {
  return selectTemplates(db, scopeFilter(tenantScope(ctx, organizationId), checklistTemplates.organizationId));
}

export async function getChecklistTemplate(db: DbOrTx, ctx: RequestContext, id: number): Promise<ChecklistTemplate> {
  const [found] = await selectTemplates(db, tenantWhere(tenantScope(ctx), checklistTemplates, eq(checklistTemplates.id, id)));
  if (!found) throw notFound(CHECKLIST_MESSAGES.templateNotFound);
  return found;
}

export async function createChecklistTemplate(db: Db, ctx: RequestContext, body: CreateChecklistTemplate): Promise<ChecklistTemplate> {
  const organizationId = organizationForWrite(ctx, body.organizationId);
  const id = await db.transaction(async (tx) => {
    // The organization row's lock serializes creators, so two at once cannot pass the limit below.
    const [org] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).for('update');
    if (!org) throw invalid('organizationId: Organization not found', [{ path: 'organizationId', message: 'Organization not found' }]);
    const [kept] = await tx.select({ n: count() }).from(checklistTemplates).where(eq(checklistTemplates.organizationId, organizationId));
    if (Number(kept?.n ?? 0) >= CHECKLIST_LIMITS.templates) throw conflict(CHECKLIST_MESSAGES.tooManyTemplates);
    const [row] = await tx
      .insert(checklistTemplates)
      .values({ organizationId, name: body.name, items: storedItems(body.items) })
      .returning({ id: checklistTemplates.id });
    return row.id;
  });
  const [view] = await selectTemplates(db, eq(checklistTemplates.id, id));
  return view;
}

export async function updateChecklistTemplate(db: Db, ctx: RequestContext, id: number, body: UpdateChecklistTemplate): Promise<ChecklistTemplate> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: checklistTemplates.id, organizationId: checklistTemplates.organizationId })
      .from(checklistTemplates)
      .where(tenantWhere(tenantScope(ctx), checklistTemplates, eq(checklistTemplates.id, id)))
      .for('update')
      .limit(1);
    if (!row) throw notFound(CHECKLIST_MESSAGES.templateNotFound);
    const changes = {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.items !== undefined && { items: storedItems(body.items) }),
      ...(body.isActive !== undefined && { isActive: body.isActive }),
    };
    if (Object.keys(changes).length > 0) await tx.update(checklistTemplates).set(changes).where(eq(checklistTemplates.id, row.id));
    // An archived template is offered nowhere: the services that brought it stop bringing it.
    if (body.isActive === false) await unlinkFromServices(tx, row.organizationId, row.id);
  });
  return getChecklistTemplate(db, ctx, id);
}

async function unlinkFromServices(tx: DbOrTx, organizationId: number, templateId: number): Promise<void> {
  await tx.delete(serviceChecklistTemplates).where(and(eq(serviceChecklistTemplates.organizationId, organizationId), eq(serviceChecklistTemplates.templateId, templateId)));
}

/**
 * Deletes a template no job has; archives one a job has, so the job's checklist keeps naming where it came from. Jobs
 * keep their own copy either way.
 */
export async function deleteChecklistTemplate(db: Db, ctx: RequestContext, id: number): Promise<DeleteChecklistTemplateResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: checklistTemplates.id, organizationId: checklistTemplates.organizationId, name: checklistTemplates.name })
      .from(checklistTemplates)
      .where(tenantWhere(tenantScope(ctx), checklistTemplates, eq(checklistTemplates.id, id)))
      .for('update')
      .limit(1);
    if (!row) throw notFound(CHECKLIST_MESSAGES.templateNotFound);
    const [onJob] = await tx
      .select({ id: workOrderChecklists.id })
      .from(workOrderChecklists)
      .where(and(eq(workOrderChecklists.organizationId, row.organizationId), eq(workOrderChecklists.templateId, row.id)))
      .limit(1);
    const result = onJob ? 'archived' : 'deleted';
    if (onJob) {
      await tx.update(checklistTemplates).set({ isActive: false }).where(eq(checklistTemplates.id, row.id));
      await unlinkFromServices(tx, row.organizationId, row.id);
    } else {
      await tx.delete(checklistTemplates).where(eq(checklistTemplates.id, row.id));
    }
    await writeAudit(tx, ctx, { action: `checklist_template.${result === 'deleted' ? 'delete' : 'archive'}`, entityType: 'checklist_template', entityId: row.id, organizationId: row.organizationId, details: { name: row.name } });
    return { result };
  });
}
