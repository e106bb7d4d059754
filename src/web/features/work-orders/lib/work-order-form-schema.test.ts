import { describe, expect, it } from 'vitest';
import type { WorkOrder } from '@contracts/work-orders';
import { newWorkOrderValues, sameCrew, toWorkOrderPayload, workOrderFormSchema, workOrderTotalCents, workOrderValues, type WorkOrderFormValues } from './work-order-form-schema';

function values(patch: Partial<WorkOrderFormValues> = {}): WorkOrderFormValues {
  return { ...newWorkOrderValues(), customerId: 7, title: 'Fix the boiler', ...patch };
}

function messages(input: WorkOrderFormValues): string[] {
  const result = workOrderFormSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('work order form rules (docs/rules/records.md#work-order-form)', () => {
  it('asks for a customer and a job title', () => {
    const m = messages(values({ customerId: null, title: ' ', lineItems: [{ description: 'Labor', quantity: '1', rate: '10' }] }));
    expect(m).toContain('Please select a customer');
    expect(m).toContain('Please enter a job title');
  });

  it('checks each line: description, quantity at least 1, rate not negative', () => {
    const m = messages(values({ lineItems: [{ description: '', quantity: '0', rate: '-1' }] }));
    expect(m).toEqual(expect.arrayContaining(['Description is required', 'Quantity must be at least 1', 'Rate must be positive']));
    expect(messages(values({ lineItems: [{ description: 'Labor', quantity: '', rate: '5' }] }))).toEqual(['Quantity must be at least 1']);
  });

  it('refuses a due date before the start date on the Due Date field, as the server does', () => {
    const lines = [{ description: 'Labor', quantity: '1', rate: '10' }];
    const early = workOrderFormSchema.safeParse(values({ startDate: '2026-11-21', dueDate: '2026-11-20', lineItems: lines }));
    expect(early.success).toBe(false);
    expect(early.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['dueDate', 'Due date cannot be before the start date']]);
    // Same day: due 17:00 after the 09:00 start is fine, an earlier time is not.
    expect(messages(values({ startDate: '2026-11-21', dueDate: '2026-11-21', lineItems: lines }))).toEqual([]);
    expect(messages(values({ startDate: '2026-11-21', startTime: '18:00', dueDate: '2026-11-21', lineItems: lines }))).toEqual(['Due date cannot be before the start date']);
    expect(messages(values({ startDate: '', dueDate: '2026-11-20', lineItems: lines }))).toEqual([]);
    // Shown together with the other fields' messages, not only once they are fixed.
    expect(messages(values({ customerId: null, title: '', startDate: '2026-11-21', dueDate: '2026-11-20', lineItems: lines }))).toContain('Due date cannot be before the start date');
  });

  it('totals lines, labor and material in cents', () => {
    const v = values({
      laborCost: '0.10',
      materialCost: '0.20',
      lineItems: [
        { description: 'A', quantity: '3', rate: '0.10' },
        { description: 'B', quantity: '1.5', rate: '33.33' },
      ],
    });
    // 0.30 + 50.00 (49.995 rounded half away from zero) + 0.10 + 0.20
    expect(workOrderTotalCents(v)).toBe(5060);
  });

  it('sends UTC instants, decimal strings and the live total', () => {
    const raw = values({
      startDate: '2026-11-21',
      dueDate: '2026-11-22',
      laborCost: '50',
      lineItems: [{ description: 'Labor', quantity: '2', rate: '45.5' }],
    });
    const out = workOrderFormSchema.parse(raw);
    const payload = toWorkOrderPayload(out, raw);
    expect(payload).toMatchObject({
      customerId: 7,
      organizationId: null,
      title: 'Fix the boiler',
      description: null,
      status: 'scheduled',
      startDate: '2026-11-21T09:00:00.000Z',
      dueDate: '2026-11-22T17:00:00.000Z',
      laborCost: '50.00',
      materialCost: null,
      totalCost: '141.00',
      lineItems: [{ description: 'Labor', quantity: '2.00', rate: '45.50', amount: '91.00' }],
    });
  });

  describe('the crew (docs/rules/team.md#assignment)', () => {
    const lines = [{ description: 'Labor', quantity: '1', rate: '10' }];

    it("reads the contract's rule: at most 10 people, nobody twice", () => {
      expect(messages(values({ lineItems: lines, assigneeIds: [3, 4] }))).toEqual([]);
      expect(messages(values({ lineItems: lines, assigneeIds: [3, 3] }))).toEqual(['A person is listed twice']);
      expect(messages(values({ lineItems: lines, assigneeIds: Array.from({ length: 11 }, (_, i) => i + 1) }))).toEqual(['At most 10 people']);
    });

    it('starts from the job\'s crew, or nobody on a new job', () => {
      expect(newWorkOrderValues().assigneeIds).toEqual([]);
      const assignees = [{ id: 5, name: 'Dana Reyes' }, { id: 9, name: 'Sam Lee' }];
      expect(workOrderValues({ ...minimalWorkOrder(), assignees }).assigneeIds).toEqual([5, 9]);
    });

    it('is sent only by someone who may assign, and only when it changed', () => {
      const raw = values({ lineItems: lines, assigneeIds: [9, 5] });
      const out = workOrderFormSchema.parse(raw);
      // Not allowed to assign (an employee's new job): left out, so the save is not refused.
      expect(toWorkOrderPayload(out, raw)).not.toHaveProperty('assigneeIds');
      // Allowed, and the same people in another order: left out, so the crew stays as it is.
      expect(toWorkOrderPayload(out, raw, [5, 9])).not.toHaveProperty('assigneeIds');
      expect(toWorkOrderPayload(out, raw, [5])).toMatchObject({ assigneeIds: [9, 5] });
      const cleared = values({ lineItems: lines, assigneeIds: [] });
      expect(toWorkOrderPayload(workOrderFormSchema.parse(cleared), cleared, [5])).toMatchObject({ assigneeIds: [] });
      expect(sameCrew([1, 2], [2, 1])).toBe(true);
      expect(sameCrew([1, 2], [1])).toBe(false);
    });
  });
});

function minimalWorkOrder(): WorkOrder {
  return {
    id: 1,
    organizationId: 1,
    orderNumber: 'WO-00001',
    customerId: 7,
    customerName: 'Ann',
    title: 'Fix the boiler',
    description: null,
    status: 'scheduled',
    startDate: null,
    dueDate: null,
    completedDate: null,
    estimatedHours: null,
    actualHours: null,
    materials: [],
    laborCost: '0.00',
    materialCost: '0.00',
    totalCost: '0.00',
    lineItems: [],
    assignees: [],
    signOff: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}
