// A work order's due date may not fall before its start date (docs/features.md, Field rules): checked on the
// dates the row will hold, so an edit sending only one of them is judged against the stored other.
import { dueBeforeStart, WORK_ORDER_MESSAGES } from '../../../contracts/work-orders';
import { invalid } from '../../platform/errors';

export function assertDueNotBeforeStart(start: Date | null | undefined, due: Date | null | undefined): void {
  if (dueBeforeStart(start, due)) {
    throw invalid(`dueDate: ${WORK_ORDER_MESSAGES.dueBeforeStart}`, [{ path: 'dueDate', message: WORK_ORDER_MESSAGES.dueBeforeStart }]);
  }
}
