// Which of the approval actions an estimate's status allows (docs/rules/records.md#estimate-form), as the server rules them.
import { estimateLocked } from '@contracts/estimates';

/** Not approved, converted or declined: the customer can still be sent the quote page (a declined quote needs a new version). */
export const canSendForApproval = (status: string) => !estimateLocked(status) && status !== 'declined';

/** Anything sent (or answered) may start a new version; a draft is changed as it is, a converted one is done. */
export const canStartNewVersion = (status: string) => status !== 'draft' && status !== 'converted';

/** Only an approved quote becomes a work order or an invoice. */
export const canConvert = (status: string) => status === 'approved';
