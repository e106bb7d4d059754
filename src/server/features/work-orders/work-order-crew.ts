// Who is on a job (docs/rules/team.md#assignment): dispatching is the assign_work_orders permission's.
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../platform/context';
import { forbidden } from '../../platform/errors';
import { setWorkOrderAssignees } from '../team/assignees';
import { checkStaff } from '../team/staff';

export async function assignCrew(db: DbOrTx, ctx: RequestContext, organizationId: number, workOrderId: number, userIds: readonly number[]): Promise<void> {
  if (!ctx.permissions.has('assign_work_orders')) throw forbidden('You do not have permission to assign work orders');
  await checkStaff(db, organizationId, userIds);
  await setWorkOrderAssignees(db, organizationId, workOrderId, userIds);
}
