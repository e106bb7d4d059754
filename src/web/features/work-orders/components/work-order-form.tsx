// The create / edit work order form (docs/rules/records.md#work-order-form, #messages-on-screen).
import { Suspense, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { fromCents, formatMoney } from '@contracts/money';
import { WORK_ORDER_STATUSES, type WorkOrder } from '@contracts/work-orders';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useRecordDialogs } from '@/lib/record-dialogs';
import { cn } from '@/lib/utils';
import { toast } from '@/components/ui/use-toast';
import { saveRecord } from '@/lib/save-record';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { StatusSelectField } from '@/components/form-fields';
import { LineItemsEditor } from '@/components/line-items-editor';
import { useCreateWorkOrder } from '@/features/work-orders/api/create-work-order';
import { useOrganizations } from '@/lib/use-organizations';
import { useWorkOrder } from '@/features/work-orders/api/get-work-order';
import { useUpdateWorkOrder } from '@/features/work-orders/api/update-work-order';
import { CustomerPicker } from '@/components/customer-picker';
import { DateTimeField } from '@/features/work-orders/components/date-time-field';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { useCan } from '@/lib/auth/use-can';
import { applyServerIssues } from '@/lib/server-issues';
import {
  newWorkOrderValues,
  toWorkOrderPayload,
  workOrderFormSchema,
  workOrderTotalCents,
  workOrderValues,
  type WorkOrderFormOutput,
  type WorkOrderFormValues,
} from '@/features/work-orders/lib/work-order-form-schema';
import { useRecordWord } from '@/lib/use-labels';
import { StaffPickerField } from '@/components/staff-picker';
import { useTeam } from '@/lib/team';
import { crewNames, NO_CREW } from '@/features/work-orders/lib/crew';
import { SignOffSection } from '@/features/work-orders/components/sign-off-section';
import { AttachmentsSection } from '@/features/work-orders/components/attachments-section';
import { ChecklistsSection } from '@/features/work-orders/components/checklists-section';
import { JobVisitsSection } from '@/features/work-orders/components/job-visits-section';

const resolver = zodResolver(workOrderFormSchema);
const FIELDS = Object.keys(newWorkOrderValues());

interface WorkOrderFormProps {
  workOrderId: number | null;
  onDone: () => void;
}

export function WorkOrderForm({ workOrderId, onDone }: WorkOrderFormProps) {
  const existing = useWorkOrder(workOrderId);
  const word = useRecordWord('workOrders');
  if (workOrderId === null) return <WorkOrderFormBody workOrder={null} onDone={onDone} />;
  if (existing.isPending) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>Edit {word.title}</DialogTitle>
          <DialogDescription className="sr-only">Loading the {word.lower}</DialogDescription>
        </DialogHeader>
        <Spinner className="py-10" label="Loading..." />
      </>
    );
  }
  if (existing.isError) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>Edit {word.title}</DialogTitle>
          <DialogDescription className="sr-only">The {word.lower} could not be loaded</DialogDescription>
        </DialogHeader>
        <Alert variant="destructive">
          <AlertTitle>Could not load the {word.lower}</AlertTitle>
          <AlertDescription>{errorMessage(existing.error)}</AlertDescription>
        </Alert>
      </>
    );
  }
  return <WorkOrderFormBody key={existing.data.id} workOrder={existing.data} onDone={onDone} />;
}

function WorkOrderFormBody({ workOrder, onDone }: { workOrder: WorkOrder | null; onDone: () => void }) {
  const word = useRecordWord('workOrders');
  const client = useRecordWord('customers');
  const { user } = useCurrentUser();
  const can = useCan();
  const isEdit = workOrder !== null;
  const isReadOnly = isEdit && !can('manage_work_orders');
  const isSuperUser = user?.role === 'super_user';
  const canAddCustomer = !isReadOnly && can('manage_customers');
  // docs/rules/team.md#assignment: choosing the crew is assign_work_orders'; everyone else sees who is on the job.
  const canAssign = !isReadOnly && can('assign_work_orders');
  const organizations = useOrganizations({ enabled: isSuperUser });
  const [customerName, setCustomerName] = useState<string | null>(workOrder?.customerName ?? null);
  const [isCustomerDialogOpen, setCustomerDialogOpen] = useState(false);
  const { CustomerDialog, preload } = useRecordDialogs();

  const form = useForm<WorkOrderFormValues, unknown, WorkOrderFormOutput>({
    resolver,
    defaultValues: workOrder ? workOrderValues(workOrder) : newWorkOrderValues(),
  });
  const create = useCreateWorkOrder();
  const update = useUpdateWorkOrder();
  const isSaving = create.isPending || update.isPending;

  const [lineItems, laborCost, materialCost, organizationId] = useWatch({ control: form.control, name: ['lineItems', 'laborCost', 'materialCost', 'organizationId'] });
  const [pickedOrganizationId, setPickedOrganizationId] = useState<number | null>(workOrder?.organizationId ?? null);
  // The crew comes from the job's organization: a super user's choice, else the customer's; everyone else's own.
  const teamOrganizationId = isSuperUser ? (organizationId ? Number(organizationId) : pickedOrganizationId) : null;
  const team = useTeam(teamOrganizationId, canAssign && (!isSuperUser || teamOrganizationId !== null));
  const startingCrew = workOrder?.assignees ?? [];
  // Someone on the job who has since left the team still shows, so they can be taken off.
  const leavers = !isSuperUser || teamOrganizationId === workOrder?.organizationId ? startingCrew.filter((a) => !team.data?.some((m) => m.id === a.id)) : [];
  const crewChoices = [...(team.data ?? []), ...leavers];
  const totalCents = workOrderTotalCents({ lineItems, laborCost, materialCost });

  const onValid = (out: WorkOrderFormOutput) =>
    saveRecord({
      id: workOrder?.id,
      input: toWorkOrderPayload(out, form.getValues(), canAssign ? startingCrew.map((a) => a.id) : null),
      create,
      update,
      noun: 'Work order',
      onSaved: onDone,
      onFailed: (error) => applyServerIssues(error, form.setError, FIELDS),
      describeError: errorMessage,
    });

  // docs/rules/records.md#work-order-form: a missing customer or title also raises a 'Validation Error' toast.
  const onInvalid = (errors: FieldErrors<WorkOrderFormValues>) => {
    const message = errors.customerId ? 'Please select a customer' : errors.title ? 'Please enter a job title' : null;
    if (message) toast({ variant: 'destructive', title: 'Validation Error', description: message });
  };

  const title = isReadOnly ? `${word.title} ${workOrder.orderNumber}` : isEdit ? `Edit ${word.title}` : `Create ${word.title}`;
  const ownOrganization = user?.organization?.name ?? 'Your organization';

  return (
    <Form {...form}>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          {isReadOnly
            ? 'Only managers and admins can change work orders.'
            : isEdit
              ? `${workOrder.orderNumber}: update the job, its schedule and its costs.`
              : `Schedule a job for a ${client.lower}. The order number is assigned when it is saved.`}
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={form.handleSubmit(onValid, onInvalid)} noValidate className="grid gap-4" aria-label={title}>
        <fieldset disabled={isReadOnly || isSaving} className="grid min-w-0 gap-4">
          {isSuperUser ? (
            <FormField
              control={form.control}
              name="organizationId"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Organization</FormLabel>
                  <FormControl>
                    <NativeSelect
                      {...field}
                      onChange={(e) => {
                        field.onChange(e);
                        // The crew was picked from the organization left behind.
                        if (canAssign) form.setValue('assigneeIds', [], { shouldDirty: true });
                        // The customer must belong to the work order's organization: another organization's is let go.
                        if (pickedOrganizationId !== null && pickedOrganizationId !== Number(e.target.value)) {
                          form.setValue('customerId', null);
                          setCustomerName(null);
                          setPickedOrganizationId(null);
                        }
                      }}
                    >
                      <option value="">Select an organization</option>
                      {(organizations.data ?? []).map((o) => (
                        <option key={o.id} value={String(o.id)}>
                          {o.name}
                        </option>
                      ))}
                    </NativeSelect>
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          ) : (
            <div className="grid gap-2">
              <Label htmlFor="wo-organization">Organization</Label>
              <Input id="wo-organization" value={ownOrganization} readOnly disabled />
            </div>
          )}

          <FormField
            control={form.control}
            name="customerId"
            render={({ field, fieldState }) => (
              <FormItem>
                <FormLabel>{client.title}</FormLabel>
                <div className={cn('grid gap-2', canAddCustomer && 'sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start')}>
                  <FormControl>
                    <CustomerPicker
                      value={field.value}
                      selectedName={customerName}
                      invalid={Boolean(fieldState.error)}
                      disabled={isReadOnly || isSaving}
                      organizationId={organizationId ? Number(organizationId) : null}
                      needsOrganization
                      onChange={(customer) => {
                        // A super user's job without a chosen organization goes to the customer's, and so does its crew.
                        if (canAssign && isSuperUser && !organizationId && customer.organizationId !== teamOrganizationId) form.setValue('assigneeIds', []);
                        setCustomerName(customer.name);
                        setPickedOrganizationId(customer.organizationId);
                        field.onChange(customer.id);
                      }}
                    />
                  </FormControl>
                  {canAddCustomer && (
                    <Button variant="outline" onClick={() => setCustomerDialogOpen(true)} onPointerEnter={() => preload('customer')} onFocus={() => preload('customer')}>
                      <UserPlus aria-hidden />
                      Add New {client.title}
                    </Button>
                  )}
                </div>
                <FormMessage />
              </FormItem>
            )}
          />

          <FormField
            control={form.control}
            name="title"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Title</FormLabel>
                <FormControl>
                  <Input placeholder="e.g. Replace water heater" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />

          <FormField
            control={form.control}
            name="description"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Description</FormLabel>
                <FormControl>
                  <Textarea rows={3} placeholder="What needs to be done" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />

          {isEdit && (
            <StatusSelectField control={form.control} name="status" label="Status" statuses={WORK_ORDER_STATUSES} />
          )}

          <div className="grid gap-4 sm:grid-cols-2">
            <DateTimeField label="Start Date" timeLabel="Start Time" dateName="startDate" timeName="startTime" />
            <DateTimeField label="Due Date" timeLabel="Due Time" dateName="dueDate" timeName="dueTime" />
          </div>
          <p className="-mt-2 text-xs text-muted-foreground">Times are in UTC.</p>

          {canAssign ? (
            <StaffPickerField
              control={form.control}
              name="assigneeIds"
              label="Crew"
              staff={crewChoices}
              emptyText={
                team.isLoading && crewChoices.length === 0
                  ? 'Loading the team...'
                  : isSuperUser && teamOrganizationId === null
                    ? `${NO_CREW}: choose the organization to pick the crew.`
                    : NO_CREW
              }
              hint="Who works this job."
            />
          ) : (
            isEdit && (
              <div className="grid gap-2" data-testid="work-order-crew">
                <span className="text-sm font-medium leading-none">Crew</span>
                <p className="text-sm">{crewNames(startingCrew)}</p>
              </div>
            )
          )}

          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <FormField
              control={form.control}
              name="estimatedHours"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Estimated Hours</FormLabel>
                  <FormControl>
                    <Input type="number" inputMode="decimal" min={0} step="0.1" placeholder="0" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="laborCost"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Labor Cost</FormLabel>
                  <FormControl>
                    <Input type="number" inputMode="decimal" min={0} step="0.01" placeholder="0.00" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="materialCost"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Material Cost</FormLabel>
                  <FormControl>
                    <Input type="number" inputMode="decimal" min={0} step="0.01" placeholder="0.00" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          </div>

          <LineItemsEditor disabled={isSaving} readOnly={isReadOnly} />
        </fieldset>

        <div className="flex items-center justify-between rounded-md bg-muted px-4 py-3">
          <span className="text-sm font-medium">Total Cost</span>
          <output className="text-lg font-semibold tabular-nums" data-testid="work-order-total" aria-label="Total Cost">
            {formatMoney(fromCents(totalCents))}
          </output>
        </div>

        {workOrder && <JobVisitsSection workOrder={workOrder} word={word.lower} canSchedule={can('manage_appointments') && can('assign_work_orders')} />}

        {workOrder && <ChecklistsSection workOrder={workOrder} />}

        {workOrder && <AttachmentsSection workOrder={workOrder} word={word.lower} />}

        {workOrder && <SignOffSection workOrder={workOrder} word={word.lower} canTake={can('manage_work_orders') || workOrder.assignees.some((a) => a.id === user?.id)} onSigned={onDone} />}

        <DialogFooter>
          <Button variant="outline" onClick={onDone} disabled={isSaving}>
            {isReadOnly ? 'Close' : 'Cancel'}
          </Button>
          {!isReadOnly && (
            <Button type="submit" disabled={isSaving}>
              {isSaving ? 'Saving...' : isEdit ? `Update ${word.title}` : `Create ${word.title}`}
            </Button>
          )}
        </DialogFooter>
      </form>
      {isCustomerDialogOpen && (
        <Suspense fallback={null}>
          <CustomerDialog
            open={isCustomerDialogOpen}
            onOpenChange={setCustomerDialogOpen}
            onSaved={(customer: { id: number; name: string }) => {
              setCustomerName(customer.name);
              form.setValue('customerId', customer.id, { shouldValidate: true, shouldDirty: true });
              setCustomerDialogOpen(false);
            }}
          />
        </Suspense>
      )}
    </Form>
  );
}
