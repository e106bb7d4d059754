// A job's checklists in its dialog (docs/rules/team.md#checklists), filled in on site on a phone: yes/no as two large
// buttons, a number, text, and a photo taken with the camera. Each answer is saved as it is given (a button at once, a
// field when it is left); Complete needs every required item; a manager reopens or removes.
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Camera, Check, ListChecks, Plus, RotateCcw, Trash2 } from 'lucide-react';
import {
  CHECKLIST_MESSAGES,
  checklistProgress,
  missingRequired,
  type ChecklistAnswer,
  type ChecklistAnswerInput,
  type ChecklistItem,
  type WorkOrderChecklist,
} from '@contracts/checklists';
import { formatDateTime } from '@contracts/format';
import type { WorkOrder } from '@contracts/work-orders';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useCan } from '@/lib/auth/use-can';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useChecklistTemplates } from '@/lib/checklist-templates';
import { cn } from '@/lib/utils';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { StoredImage } from '@/components/stored-image';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { attachmentThumbnailPath } from '@/features/work-orders/api/attachments';
import { useWorkOrder } from '@/features/work-orders/api/get-work-order';
import {
  useAttachChecklist,
  useChecklistAction,
  useRemoveChecklist,
  useSaveChecklistAnswers,
  useUploadChecklistPhoto,
} from '@/features/work-orders/api/checklists';

export function ChecklistsSection({ workOrder: given }: { workOrder: WorkOrder }) {
  const { user } = useCurrentUser();
  const can = useCan();
  // The cached job, so an answer saved in a card shows at once.
  const workOrder = useWorkOrder(given.id).data ?? given;
  const canManage = can('manage_work_orders');
  const canFill = canManage || workOrder.assignees.some((a) => a.id === user?.id);
  const checklists = workOrder.checklists ?? [];
  const templates = useChecklistTemplates(user?.role === 'super_user' ? workOrder.organizationId : null, canFill);
  const offered = (templates.data ?? []).filter((t) => t.isActive && !checklists.some((c) => c.templateId === t.id));
  const [picked, setPicked] = useState('');
  const attach = useAttachChecklist(workOrder.id);

  const add = () => {
    const templateId = Number(picked || offered[0]?.id);
    if (!templateId) return;
    attach.mutate(templateId, {
      onSuccess: (c) => {
        setPicked('');
        toast({ title: `${c.name} added` });
      },
      onError: (error) => toast({ variant: 'destructive', title: 'Failed to add the checklist', description: errorMessage(error) }),
    });
  };

  return (
    <section className="grid gap-3 rounded-md border p-3" aria-labelledby="checklists-heading" data-testid="checklists-section">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="checklists-heading" className="flex items-center gap-2 text-sm font-medium">
          <ListChecks className="size-4 text-muted-foreground" aria-hidden />
          Checklists
        </h3>
        {canFill && offered.length > 0 && (
          <div className="flex w-full flex-wrap gap-2 sm:w-auto">
            <div className="min-w-0 basis-full sm:w-56 sm:basis-auto">
              <NativeSelect aria-label="Checklist to add" value={picked || String(offered[0].id)} onChange={(e) => setPicked(e.target.value)} className="h-10">
                {offered.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <Button type="button" variant="outline" className="h-10 w-full sm:w-auto" onClick={add} disabled={attach.isPending}>
              <Plus className="size-4" aria-hidden />
              {attach.isPending ? 'Adding...' : 'Add checklist'}
            </Button>
          </div>
        )}
      </div>
      {checklists.length === 0 ? (
        <p className="text-sm text-muted-foreground">No checklists on this job. A service's checklists come with its visits.</p>
      ) : (
        checklists.map((c) => <ChecklistCard key={c.id} workOrderId={workOrder.id} checklist={c} canFill={canFill} canManage={canManage} />)
      )}
    </section>
  );
}

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

function ChecklistCard({ workOrderId, checklist, canFill, canManage }: { workOrderId: number; checklist: WorkOrderChecklist; canFill: boolean; canManage: boolean }) {
  const save = useSaveChecklistAnswers(workOrderId, checklist.id);
  const complete = useChecklistAction(workOrderId, checklist.id, 'complete');
  const reopen = useChecklistAction(workOrderId, checklist.id, 'reopen');
  const remove = useRemoveChecklist(workOrderId);
  const [state, setState] = useState<SaveState>('idle');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [removing, setRemoving] = useState(false);
  // Saves still on their way: Complete waits for them (a field is saved when left, just before the button's click).
  const pending = useRef(new Set<Promise<unknown>>());
  const done = checklist.completedAt !== null;
  const editable = canFill && !done;
  const { answered, total } = checklistProgress(checklist);
  const missing = missingRequired(checklist);

  const issuesOf = (error: unknown): Record<string, string> =>
    isApiError(error, 400)
      ? Object.fromEntries((error.body?.issues ?? []).flatMap((i) => {
          const path = Array.isArray(i.path) ? i.path.join('.') : String(i.path);
          return path.startsWith('answers.') ? [[path.slice('answers.'.length), i.message]] : [];
        }))
      : {};

  const saveAnswer = (itemId: string, value: ChecklistAnswerInput) => {
    setState('saving');
    setProblems((p) => Object.fromEntries(Object.entries(p).filter(([k]) => k !== itemId)));
    const request = save.mutateAsync({ [itemId]: value }).then(
      () => setState('saved'),
      (error: unknown) => {
        setState('failed');
        const found = issuesOf(error);
        setProblems((p) => ({ ...p, ...found }));
        if (Object.keys(found).length === 0) toast({ variant: 'destructive', title: 'Failed to save the answer', description: errorMessage(error) });
      },
    );
    pending.current.add(request);
    void request.finally(() => pending.current.delete(request));
    return request;
  };

  const onComplete = async () => {
    await Promise.all([...pending.current]);
    complete.mutate(undefined, {
      onSuccess: () => toast({ title: `${checklist.name} completed` }),
      onError: (error) => {
        setProblems(issuesOf(error));
        toast({ variant: 'destructive', title: 'Failed to complete the checklist', description: errorMessage(error) });
      },
    });
  };

  return (
    <article className="grid gap-3 rounded-md border bg-card p-2.5 sm:p-3" aria-labelledby={`checklist-${checklist.id}-name`} data-testid="checklist-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <h4 id={`checklist-${checklist.id}-name`} className="font-semibold break-words">
            {checklist.name}
          </h4>
          <p className="text-sm text-muted-foreground" data-testid="checklist-progress">
            {answered} of {total} answered
          </p>
        </div>
        <div className="flex items-center gap-2">
          {done ? (
            <Badge>Completed</Badge>
          ) : (
            <span className={cn('text-xs', state === 'failed' ? 'text-destructive' : 'text-muted-foreground')} role="status" aria-live="polite" data-testid="checklist-save-state">
              {state === 'saving' ? 'Saving...' : state === 'saved' ? 'Saved' : state === 'failed' ? 'Not saved' : ''}
            </span>
          )}
          {canManage && !done && (
            <Button type="button" variant="ghost" size="icon" className="size-9" aria-label={`Remove ${checklist.name}`} onClick={() => setRemoving(true)}>
              <Trash2 aria-hidden />
            </Button>
          )}
        </div>
      </div>
      <ol className="grid gap-2">
        {checklist.items.map((item, i) => (
          <ChecklistItemRow
            key={item.id}
            n={i + 1}
            workOrderId={workOrderId}
            item={item}
            answer={checklist.answers[item.id]}
            editable={editable}
            problem={problems[item.id]}
            onAnswer={(value) => saveAnswer(item.id, value)}
            onProblem={(message) => setProblems((p) => ({ ...p, [item.id]: message }))}
          />
        ))}
      </ol>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-3">
        {done ? (
          <>
            <p className="text-sm" data-testid="checklist-completed">
              Completed by <span className="font-medium">{checklist.completedBy?.name ?? 'a former team member'}</span> on {formatDateTime(checklist.completedAt)}
            </p>
            {canManage && (
              <Button type="button" variant="outline" onClick={() => reopen.mutate(undefined, { onError: (error) => toast({ variant: 'destructive', title: 'Failed to reopen the checklist', description: errorMessage(error) }) })} disabled={reopen.isPending}>
                <RotateCcw className="size-4" aria-hidden />
                Reopen
              </Button>
            )}
          </>
        ) : canFill ? (
          <>
            <p className="text-sm text-muted-foreground">{missing.length ? `${missing.length} required ${missing.length === 1 ? 'item' : 'items'} to answer` : 'Every required item is answered.'}</p>
            <Button type="button" className="h-11 w-full sm:w-auto" onClick={() => void onComplete()} disabled={complete.isPending}>
              <Check className="size-4" aria-hidden />
              {complete.isPending ? 'Completing...' : 'Complete checklist'}
            </Button>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">Not completed yet. The crew fills it in on site.</p>
        )}
      </div>
      {removing && (
        <ConfirmDeleteDialog
          title={`Remove ${checklist.name}?`}
          description="Its answers go with it. The job sheet no longer prints it."
          confirmLabel="Remove"
          workingLabel="Removing..."
          onClose={() => setRemoving(false)}
          onConfirm={() =>
            remove.mutateAsync(checklist.id).catch((error: unknown) => {
              toast({ variant: 'destructive', title: 'Failed to remove the checklist', description: errorMessage(error) });
              throw error;
            })
          }
        />
      )}
    </article>
  );
}

interface ItemProps {
  n: number;
  workOrderId: number;
  item: ChecklistItem;
  answer: ChecklistAnswer | undefined;
  editable: boolean;
  problem: string | undefined;
  onAnswer: (value: ChecklistAnswerInput) => Promise<void>;
  onProblem: (message: string) => void;
}

function ChecklistItemRow({ n, workOrderId, item, answer, editable, problem, onAnswer, onProblem }: ItemProps) {
  const id = `checklist-item-${item.id}-${n}`;
  const errorId = `${id}-error`;
  let control: ReactNode;
  switch (item.kind) {
    case 'yes_no':
      control = <YesNo label={item.label} answer={answer} editable={editable} onAnswer={onAnswer} />;
      break;
    case 'number':
      control = <NumberAnswer id={id} errorId={problem ? errorId : undefined} answer={answer} editable={editable} onAnswer={onAnswer} onProblem={onProblem} />;
      break;
    case 'text':
      control = <TextAnswer id={id} errorId={problem ? errorId : undefined} answer={answer} editable={editable} onAnswer={onAnswer} />;
      break;
    case 'photo':
      control = <PhotoAnswer id={id} label={item.label} workOrderId={workOrderId} answer={answer} editable={editable} onAnswer={onAnswer} onProblem={onProblem} />;
      break;
  }
  return (
    <li className="grid gap-2 rounded-md bg-muted/40 p-2 sm:p-2.5" data-testid="checklist-item">
      <label htmlFor={item.kind === 'yes_no' ? undefined : id} className="text-sm font-medium break-words" id={`${id}-label`}>
        <span className="text-muted-foreground tabular-nums">{n}. </span>
        {item.label}
        {item.required && (
          <span className="ml-1 text-xs font-normal text-muted-foreground">(required)</span>
        )}
      </label>
      {control}
      {problem && (
        <p id={errorId} className="text-sm text-destructive" role="alert">
          {problem}
        </p>
      )}
    </li>
  );
}

function YesNo({ label, answer, editable, onAnswer }: { label: string; answer: ChecklistAnswer | undefined; editable: boolean; onAnswer: ItemProps['onAnswer'] }) {
  const choice = (value: boolean, text: string) => {
    const on = answer === value;
    return (
      <button
        type="button"
        aria-pressed={on}
        disabled={!editable}
        // Tapped again, the answer is taken back.
        onClick={() => void onAnswer(on ? null : value)}
        className={cn(
          'min-h-12 rounded-md border text-base font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-not-allowed',
          on ? (value ? 'border-emerald-600 bg-emerald-600 text-white' : 'border-red-600 bg-red-600 text-white') : 'bg-background hover:bg-muted disabled:opacity-60',
        )}
      >
        {text}
      </button>
    );
  };
  return (
    <div role="group" aria-label={label} className="grid grid-cols-2 gap-2 sm:max-w-xs">
      {choice(true, 'Yes')}
      {choice(false, 'No')}
    </div>
  );
}

/** An item left without an answer, where it can no longer be given. */
function Unanswered() {
  return <p className="text-sm text-muted-foreground">—</p>;
}

/** The field inside the job's form: Enter saves it here instead of submitting the job. */
const saveOnEnter = (e: KeyboardEvent<HTMLInputElement>) => {
  if (e.key !== 'Enter') return;
  e.preventDefault();
  e.currentTarget.blur();
};

function NumberAnswer({ id, errorId, answer, editable, onAnswer, onProblem }: { id: string; errorId?: string; answer: ChecklistAnswer | undefined; editable: boolean; onAnswer: ItemProps['onAnswer']; onProblem: ItemProps['onProblem'] }) {
  const saved = typeof answer === 'number' ? String(answer) : '';
  const [draft, setDraft] = useState(saved);
  if (!editable && saved === '') return <Unanswered />;
  const commit = () => {
    const text = draft.trim();
    if (text === saved) return;
    if (text === '') return void onAnswer(null);
    const value = Number(text);
    if (!Number.isFinite(value)) return onProblem(CHECKLIST_MESSAGES.number);
    void onAnswer(value);
  };
  return (
    <Input
      id={id}
      type="number"
      inputMode="decimal"
      step="any"
      className="h-11 sm:max-w-xs"
      value={draft}
      disabled={!editable}
      aria-invalid={errorId ? true : undefined}
      aria-describedby={errorId}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={saveOnEnter}
    />
  );
}

function TextAnswer({ id, errorId, answer, editable, onAnswer }: { id: string; errorId?: string; answer: ChecklistAnswer | undefined; editable: boolean; onAnswer: ItemProps['onAnswer'] }) {
  const saved = typeof answer === 'string' ? answer : '';
  const [draft, setDraft] = useState(saved);
  if (!editable && saved === '') return <Unanswered />;
  return (
    <Textarea
      id={id}
      rows={2}
      className="min-h-20"
      value={draft}
      disabled={!editable}
      aria-invalid={errorId ? true : undefined}
      aria-describedby={errorId}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={() => {
        if (draft.trim() !== saved) void onAnswer(draft);
      }}
    />
  );
}

function PhotoAnswer({
  id,
  label,
  workOrderId,
  answer,
  editable,
  onAnswer,
  onProblem,
}: {
  id: string;
  label: string;
  workOrderId: number;
  answer: ChecklistAnswer | undefined;
  editable: boolean;
  onAnswer: ItemProps['onAnswer'];
  onProblem: ItemProps['onProblem'];
}) {
  const upload = useUploadChecklistPhoto(workOrderId);
  const uploading = upload.isPending;
  const photo = answer !== null && typeof answer === 'object' ? answer : null;
  const onFile = (file: File | undefined) => {
    if (!file) return;
    upload.mutate({ file, answer: (attachmentId) => onAnswer({ attachmentId }) }, { onError: (error) => onProblem(errorMessage(error)) });
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      {photo && (
        <figure className="flex items-center gap-2">
          <StoredImage path={attachmentThumbnailPath(workOrderId, photo.attachmentId)} alt={`Photo: ${label}`} className="size-16 rounded-md border object-cover" />
          <figcaption className="text-sm">Photo attached</figcaption>
        </figure>
      )}
      {editable && (
        // The label is the button: a big tap target that opens the phone's camera.
        <label
          htmlFor={id}
          className={cn(
            'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border bg-background px-4 text-sm font-medium hover:bg-muted focus-within:ring-2 focus-within:ring-ring',
            uploading && 'pointer-events-none opacity-60',
          )}
        >
          <Camera className="size-4" aria-hidden />
          {uploading ? 'Uploading...' : photo ? 'Retake photo' : 'Take photo'}
          <input
            id={id}
            type="file"
            accept="image/*"
            capture="environment"
            className="sr-only"
            disabled={uploading}
            onChange={(e) => {
              onFile(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
      )}
      {!photo && !editable && <Unanswered />}
    </div>
  );
}
