// Checklists on jobs (docs/rules/team.md#checklists): templates the organization defines and puts on services, the
// checklists copied onto a job, and the answers its crew gives on site. Shared by the server and the forms.
import { z } from 'zod';
import { assigneeSchema } from './assignees';

export const CHECKLIST_ITEM_KINDS = ['yes_no', 'number', 'text', 'photo'] as const;
export type ChecklistItemKind = (typeof CHECKLIST_ITEM_KINDS)[number];

export const CHECKLIST_KIND_LABELS: Record<ChecklistItemKind, string> = {
  yes_no: 'Yes / No',
  number: 'Number',
  text: 'Text',
  photo: 'Photo',
};

export const CHECKLIST_LIMITS = {
  name: 120,
  minItems: 1,
  maxItems: 50,
  label: 200,
  /** A text answer. */
  text: 2000,
  /** Templates one organization keeps, archived ones included. */
  templates: 200,
  /** Templates one service brings to a job. */
  perService: 20,
  /** An item id: letters, digits, '-' and '_'. */
  itemId: 40,
} as const;

export const CHECKLIST_MESSAGES = {
  name: 'Please enter a name for the checklist',
  nameMax: `Name must be at most ${CHECKLIST_LIMITS.name} characters`,
  itemsMin: 'Add at least one item',
  itemsMax: `A checklist has at most ${CHECKLIST_LIMITS.maxItems} items`,
  label: 'Please enter the item',
  labelMax: `Item must be at most ${CHECKLIST_LIMITS.label} characters`,
  kind: 'Choose yes/no, number, text or photo',
  itemId: 'Not an item id',
  itemTwice: 'An item is listed twice',
  templateNotFound: 'Checklist template not found',
  templateTwice: 'A checklist is listed twice',
  tooManyTemplates: `An organization keeps at most ${CHECKLIST_LIMITS.templates} checklist templates: delete or edit one you no longer use`,
  tooManyOnService: `At most ${CHECKLIST_LIMITS.perService} checklists`,
  checklistNotFound: 'Checklist not found',
  alreadyOnJob: 'This checklist is already on the job',
  notCrew: "Only the job's crew or someone who manages jobs can fill in its checklists",
  removeNeedsManager: 'Only someone who manages jobs can remove a checklist',
  reopenNeedsManager: 'Only someone who manages jobs can reopen a checklist',
  completed: 'This checklist is completed: reopen it to change it',
  removeCompleted: 'A completed checklist cannot be removed: reopen it first',
  alreadyCompleted: 'This checklist is already completed',
  notCompleted: 'This checklist is not completed',
  unknownItem: 'Not an item of this checklist',
  yesNo: 'Answer yes or no',
  number: 'Enter a number',
  text: `Text must be at most ${CHECKLIST_LIMITS.text.toLocaleString('en-US')} characters`,
  textKind: 'Enter text',
  photo: 'Take or choose a photo',
  photoNotOnJob: 'Not a photo of this job',
  required: 'This item needs an answer',
  /** The complete call's message: every required item answered first, by label. */
  missing: (labels: readonly string[]) => `Answer the required items first: ${labels.join(', ')}`,
  tooManyAnswers: `At most ${CHECKLIST_LIMITS.maxItems} answers`,
} as const;

const INT_MAX = 2_147_483_647;
const idSchema = z.coerce.number().int().positive().max(INT_MAX);
const ITEM_ID = /^[A-Za-z0-9_-]+$/;

export const checklistItemIdSchema = z.string({ error: CHECKLIST_MESSAGES.itemId }).min(1, CHECKLIST_MESSAGES.itemId).max(CHECKLIST_LIMITS.itemId, CHECKLIST_MESSAGES.itemId).regex(ITEM_ID, CHECKLIST_MESSAGES.itemId);

// ---- Templates ---------------------------------------------------------------------------------

/** One item as a template form sends it: `id` left out for a new item (the server makes one), kept for an old one. */
export const checklistItemInputSchema = z.object({
  id: checklistItemIdSchema.optional(),
  label: z.string({ error: CHECKLIST_MESSAGES.label }).trim().min(1, CHECKLIST_MESSAGES.label).max(CHECKLIST_LIMITS.label, CHECKLIST_MESSAGES.labelMax),
  kind: z.enum(CHECKLIST_ITEM_KINDS, { error: CHECKLIST_MESSAGES.kind }),
  required: z.boolean({ error: 'Required must be true or false' }).optional(),
});
export type ChecklistItemInput = z.input<typeof checklistItemInputSchema>;

export const checklistItemsInputSchema = z
  .array(checklistItemInputSchema, { error: CHECKLIST_MESSAGES.itemsMin })
  .min(CHECKLIST_LIMITS.minItems, CHECKLIST_MESSAGES.itemsMin)
  .max(CHECKLIST_LIMITS.maxItems, CHECKLIST_MESSAGES.itemsMax)
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((item, i) => {
      if (!item.id) return;
      if (seen.has(item.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: CHECKLIST_MESSAGES.itemTwice });
      seen.add(item.id);
    });
  });

export const checklistNameSchema = z
  .string({ error: CHECKLIST_MESSAGES.name })
  .trim()
  .min(1, CHECKLIST_MESSAGES.name)
  .max(CHECKLIST_LIMITS.name, CHECKLIST_MESSAGES.nameMax);

/** The template form's fields: a name and its items in order. */
export const checklistTemplateFormSchema = z.object({
  name: checklistNameSchema,
  items: checklistItemsInputSchema,
});
export type ChecklistTemplateFormValues = z.input<typeof checklistTemplateFormSchema>;
export type ChecklistTemplateFormOutput = z.output<typeof checklistTemplateFormSchema>;

/** POST /api/checklist-templates. */
export const createChecklistTemplateSchema = checklistTemplateFormSchema.extend({
  /** Super users choose the organization; ignored for everyone else. */
  organizationId: idSchema.nullish(),
});
export type CreateChecklistTemplate = z.output<typeof createChecklistTemplateSchema>;

/**
 * PUT /api/checklist-templates/:id: the fields sent replace the stored ones. Items keep their ids (jobs that have the
 * checklist keep their own copy either way); `isActive: false` archives it, `true` offers it again.
 */
export const updateChecklistTemplateSchema = z.object({
  name: checklistNameSchema.optional(),
  items: checklistItemsInputSchema.optional(),
  isActive: z.boolean({ error: 'Active must be true or false' }).optional(),
});
export type UpdateChecklistTemplate = z.output<typeof updateChecklistTemplateSchema>;

export const checklistItemSchema = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(CHECKLIST_ITEM_KINDS),
  required: z.boolean(),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

export const checklistTemplateSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  name: z.string(),
  items: z.array(checklistItemSchema),
  /** Archived templates stay on the jobs that have them and are no longer offered. */
  isActive: z.boolean(),
  /** The services that bring it to their jobs. */
  services: z.array(z.object({ id: z.number().int(), name: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChecklistTemplate = z.infer<typeof checklistTemplateSchema>;

/** DELETE /api/checklist-templates/:id: deleted when no job has it, else archived. */
export const deleteChecklistTemplateResultSchema = z.object({ result: z.enum(['deleted', 'archived']) });
export type DeleteChecklistTemplateResult = z.infer<typeof deleteChecklistTemplateResultSchema>;

/** A service's templates (docs/rules/team.md#checklists): distinct ids of the organization's active templates. */
export const checklistTemplateIdsSchema = z
  .array(idSchema, { error: 'A list of checklist template ids' })
  .max(CHECKLIST_LIMITS.perService, CHECKLIST_MESSAGES.tooManyOnService)
  .refine((ids) => new Set(ids).size === ids.length, CHECKLIST_MESSAGES.templateTwice);

// ---- A job's checklists ------------------------------------------------------------------------

/** An answer: yes/no, a number, text, or a photo attached to the job. */
export const checklistAnswerSchema = z.union([z.boolean(), z.number(), z.string(), z.object({ attachmentId: z.number().int() })]);
export type ChecklistAnswer = z.infer<typeof checklistAnswerSchema>;

export const workOrderChecklistSchema = z.object({
  id: z.number().int(),
  workOrderId: z.number().int(),
  templateId: z.number().int().nullable(),
  name: z.string(),
  items: z.array(checklistItemSchema),
  /** By item id; an item without an answer is absent. */
  answers: z.record(z.string(), checklistAnswerSchema),
  completedAt: z.string().nullable(),
  completedBy: assigneeSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WorkOrderChecklist = z.infer<typeof workOrderChecklistSchema>;

export const checklistParamsSchema = z.object({ id: idSchema, checklistId: idSchema });

/** POST /api/work-orders/:id/checklists. */
export const attachChecklistSchema = z.object({ templateId: idSchema });
export type AttachChecklist = z.infer<typeof attachChecklistSchema>;

/** An answer as sent: null clears it; whether it fits its item's kind is checked against the item (checkAnswer). */
export const checklistAnswerInputSchema = z.union([
  z.boolean(),
  z.number(),
  z.string().max(CHECKLIST_LIMITS.text, CHECKLIST_MESSAGES.text),
  z.object({ attachmentId: idSchema }),
  z.null(),
]);
export type ChecklistAnswerInput = z.infer<typeof checklistAnswerInputSchema>;

/** PUT /api/work-orders/:id/checklists/:checklistId/answers: the answers sent replace those items' answers, others stay. */
export const checklistAnswersBodySchema = z.object({
  answers: z
    .record(checklistItemIdSchema, checklistAnswerInputSchema)
    .refine((a) => Object.keys(a).length <= CHECKLIST_LIMITS.maxItems, CHECKLIST_MESSAGES.tooManyAnswers),
});
export type ChecklistAnswersBody = z.infer<typeof checklistAnswersBodySchema>;

/** POST .../complete and .../reopen take no fields. */
export const checklistActionBodySchema = z.object({});

/**
 * The answer as stored for an item of `kind`, null to clear it, or the problem's message. Text is trimmed (blank
 * clears it); a photo's attachment is checked against the job by the server.
 */
export function checkAnswer(kind: ChecklistItemKind, value: ChecklistAnswerInput): { answer: ChecklistAnswer | null } | { problem: string } {
  if (value === null) return { answer: null };
  switch (kind) {
    case 'yes_no':
      return typeof value === 'boolean' ? { answer: value } : { problem: CHECKLIST_MESSAGES.yesNo };
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? { answer: value } : { problem: CHECKLIST_MESSAGES.number };
    case 'text': {
      if (typeof value !== 'string') return { problem: CHECKLIST_MESSAGES.textKind };
      const text = value.trim();
      if (text.length > CHECKLIST_LIMITS.text) return { problem: CHECKLIST_MESSAGES.text };
      return { answer: text === '' ? null : text };
    }
    case 'photo':
      return typeof value === 'object' && 'attachmentId' in value ? { answer: { attachmentId: value.attachmentId } } : { problem: CHECKLIST_MESSAGES.photo };
  }
}

export const isAnswered = (answer: ChecklistAnswer | null | undefined) => answer !== undefined && answer !== null && answer !== '';

/** "7 of 12": the items answered and all of them. */
export function checklistProgress(checklist: Pick<WorkOrderChecklist, 'items' | 'answers'>): { answered: number; total: number } {
  return { answered: checklist.items.filter((i) => isAnswered(checklist.answers[i.id])).length, total: checklist.items.length };
}

/** The required items still without an answer, in order. */
export function missingRequired(checklist: Pick<WorkOrderChecklist, 'items' | 'answers'>): { id: string; label: string }[] {
  return checklist.items.filter((i) => i.required && !isAnswered(checklist.answers[i.id])).map((i) => ({ id: i.id, label: i.label }));
}

/** An answer as the job sheet and the screens print it; '—' when unanswered. */
export function answerText(kind: ChecklistItemKind, answer: ChecklistAnswer | null | undefined): string {
  if (!isAnswered(answer)) return '—';
  if (kind === 'yes_no' || typeof answer === 'boolean') return answer ? 'Yes' : 'No';
  if (typeof answer === 'number') return answer.toLocaleString('en-US', { maximumFractionDigits: 6 });
  if (typeof answer === 'object' && answer !== null) return 'Photo attached';
  return String(answer);
}
