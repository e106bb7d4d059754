// The templates a service brings to its jobs (docs/rules/team.md#checklists): set on the service by the scheduling
// feature, and copied onto a job when a visit of the service is linked to it. Callers pass an organization they
// already resolved (organizationForWrite, or a row found in the caller's scope).
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { CHECKLIST_MESSAGES } from '../../../contracts/checklists';
import type { DbOrTx } from '../../db/client';
import { checklistTemplates, serviceChecklistTemplates, workOrderChecklists } from '../../db/schema/index';
import { invalid } from '../../platform/errors';

/**
 * A service's template ids, as a column of a query on services. The outer columns are named by hand: a select from one
 * table renders its columns unqualified, which inside the subquery would name the subquery's own.
 */
export function serviceTemplateIdsSql(): SQL<number[]> {
  return sql<number[]>`coalesce((select json_agg(sct.template_id order by sct.template_id) from ${serviceChecklistTemplates} sct
    where sct.organization_id = services.organization_id and sct.service_id = services.id), '[]'::json)`;
}

/**
 * Replaces a service's templates. Each must be an active template of the organization, else 400 on
 * `checklistTemplateIds` (another organization's id is one that does not exist here).
 */
export async function setServiceTemplates(db: DbOrTx, organizationId: number, serviceId: number, templateIds: readonly number[]): Promise<void> {
  if (templateIds.length > 0) {
    const found = await db
      .select({ id: checklistTemplates.id })
      .from(checklistTemplates)
      .where(and(eq(checklistTemplates.organizationId, organizationId), eq(checklistTemplates.isActive, true), inArray(checklistTemplates.id, [...templateIds])));
    if (found.length !== new Set(templateIds).size) {
      throw invalid(`checklistTemplateIds: ${CHECKLIST_MESSAGES.templateNotFound}`, [{ path: 'checklistTemplateIds', message: CHECKLIST_MESSAGES.templateNotFound }]);
    }
  }
  await db.delete(serviceChecklistTemplates).where(and(eq(serviceChecklistTemplates.organizationId, organizationId), eq(serviceChecklistTemplates.serviceId, serviceId)));
  if (templateIds.length > 0) await db.insert(serviceChecklistTemplates).values(templateIds.map((templateId) => ({ organizationId, serviceId, templateId })));
}

/**
 * Puts the service's active templates on the job, each once: one statement, and a template already on the job (from
 * an earlier visit, or added by hand) is left as it is by the (organization, job, template) key. Called for every
 * visit written with both a job and a service, so it must stay this cheap.
 */
export async function attachServiceChecklists(db: DbOrTx, organizationId: number, workOrderId: number, serviceId: number): Promise<void> {
  await db.execute(sql`
    insert into ${workOrderChecklists} (organization_id, work_order_id, template_id, name, items)
    select t.organization_id, ${workOrderId}, t.id, t.name, t.items
    from ${serviceChecklistTemplates} st
    join ${checklistTemplates} t on t.organization_id = st.organization_id and t.id = st.template_id
    where st.organization_id = ${organizationId} and st.service_id = ${serviceId} and t.is_active
    order by t.name, t.id
    on conflict (organization_id, work_order_id, template_id) do nothing`);
}
