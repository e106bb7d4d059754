// What Send test event sends as data.object (docs/rules/public-api.md#webhook-test-events): a made-up record of the
// event's kind in exactly the shape a real event carries (the contracts' types keep it so), with id 0 and the
// organization's own id, so a receiver can be built and tried before anything real happens. Nothing here exists.
import type { Appointment } from '../../../contracts/scheduling';
import type { Customer } from '../../../contracts/customers';
import type { Estimate } from '../../../contracts/estimates';
import type { Invoice } from '../../../contracts/invoices';
import type { Payment } from '../../../contracts/payments';
import type { WorkOrder } from '../../../contracts/work-orders';
import type { WebhookEventType } from '../../db/schema/index';

const AT = '2025-01-15T14:30:00.000Z';
const pricing = { discountType: null, discountValue: null, discount: '0.00', taxes: [], pricesIncludeTax: false, taxExempt: false, taxRounding: 'per_document' as const };
const line = { id: 0, description: 'Furnace tune-up', quantity: '1', rate: '150.00', amount: '150.00', sortOrder: 0 };
const pricedLine = { ...line, discountType: null, discountValue: null, discount: '0.00', taxRates: [] };

function customer(organizationId: number): Customer {
  return {
    id: 0,
    organizationId,
    name: 'Sample Customer',
    email: 'sample.customer@example.com',
    phone: '5555550100',
    address: '1 Sample Street',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    companyName: null,
    notes: null,
    creditLimit: null,
    paymentTerms: 'Net 30',
    preferredPaymentMethod: null,
    stripeCustomerId: null,
    portalAccessEnabled: true,
    autoPayEnabled: false,
    taxExempt: false,
    createdAt: AT,
    updatedAt: AT,
  };
}

function estimate(organizationId: number): Estimate {
  return {
    id: 0,
    organizationId,
    estimateNumber: 'EST-00000',
    customerId: 0,
    customerName: 'Sample Customer',
    customerHasEmail: true,
    title: 'Furnace tune-up',
    description: null,
    status: 'approved',
    subtotal: '150.00',
    tax: '0.00',
    total: '150.00',
    validUntil: null,
    notes: null,
    terms: null,
    lineItems: [{ ...pricedLine, optional: false, selected: true }],
    ...pricing,
    version: 1,
    approvalPath: null,
    sentAt: AT,
    viewedAt: AT,
    convertedAt: null,
    responses: [{ id: 0, version: 1, kind: 'approved', signerName: 'Sample Customer', signature: null, message: null, total: '150.00', ip: null, createdAt: AT }],
    workOrders: [],
    invoices: [],
    depositType: null,
    depositValue: null,
    depositAmount: null,
    depositPaid: '0.00',
    versions: [],
    createdAt: AT,
    updatedAt: AT,
  };
}

function invoice(organizationId: number, paid: boolean): Invoice {
  return {
    id: 0,
    organizationId,
    invoiceNumber: 'INV-00000',
    customerId: 0,
    customerName: 'Sample Customer',
    customerHasEmail: true,
    workOrderId: null,
    estimateId: null,
    status: paid ? 'paid' : 'sent',
    subtotal: '150.00',
    tax: '0.00',
    total: '150.00',
    dueDate: '2025-02-14T00:00:00.000Z',
    paidDate: paid ? AT : null,
    notes: null,
    lineItems: [pricedLine],
    ...pricing,
    amountPaid: paid ? '150.00' : '0.00',
    amountCredited: '0.00',
    depositApplied: '0.00',
    balanceDue: paid ? '0.00' : '150.00',
    amountsLocked: true,
    voidedAt: null,
    voidReason: null,
    isOverdue: false,
    recurringInvoiceId: null,
    recurringDate: null,
    autoPayState: null,
    autoPayNote: null,
    createdAt: AT,
    updatedAt: AT,
  };
}

function payment(organizationId: number, refund: boolean): Payment {
  return {
    id: 0,
    organizationId,
    invoiceId: 0,
    invoiceNumber: 'INV-00000',
    customerId: 0,
    customerName: 'Sample Customer',
    amount: refund ? '-50.00' : '150.00',
    method: refund ? 'refund' : 'card',
    reference: null,
    notes: refund ? 'Sample refund' : null,
    description: refund ? 'Refund of $150.00 card for INV-00000' : null,
    receivedDate: AT,
    stripePaymentIntentId: null,
    processor: 'test',
    status: 'completed',
    refundOfPaymentId: refund ? 0 : null,
    amountRefunded: refund ? '0.00' : '50.00',
    createdAt: AT,
  };
}

function appointment(organizationId: number, status: string): Appointment {
  return {
    id: 0,
    organizationId,
    serviceId: 0,
    serviceName: 'Furnace tune-up',
    customerId: 0,
    customerName: 'Sample Customer',
    customerEmail: 'sample.customer@example.com',
    customerPhone: '5555550100',
    appointmentDate: '2025-01-20T09:00:00',
    duration: 60,
    status,
    notes: null,
    workOrderId: null,
    source: 'staff',
    assignees: [{ id: 0, name: 'Sample Technician' }],
    bufferBefore: 0,
    bufferAfter: 0,
    series: null,
    hold: null,
    createdAt: AT,
    updatedAt: AT,
  };
}

function workOrder(organizationId: number): Omit<WorkOrder, 'signOff'> & { signOff: null } {
  return {
    id: 0,
    organizationId,
    orderNumber: 'WO-00000',
    customerId: 0,
    customerName: 'Sample Customer',
    title: 'Furnace tune-up',
    description: null,
    status: 'completed',
    startDate: AT,
    dueDate: null,
    completedDate: AT,
    estimatedHours: '1.00',
    actualHours: '1.00',
    materials: [],
    laborCost: '0.00',
    materialCost: '0.00',
    totalCost: '150.00',
    lineItems: [line],
    assignees: [{ id: 0, name: 'Sample Technician' }],
    signOff: null,
    checklists: [],
    createdAt: AT,
    updatedAt: AT,
  };
}

/** The `data` of a test event of this type. */
export function sampleData(type: WebhookEventType, organizationId: number): Record<string, unknown> {
  switch (type) {
    case 'customer.created':
      return { object: customer(organizationId) };
    case 'estimate.approved':
      return { object: estimate(organizationId) };
    case 'invoice.sent':
      return { object: invoice(organizationId, false) };
    case 'invoice.paid':
      return { object: invoice(organizationId, true) };
    case 'payment.refunded':
      return { object: payment(organizationId, false), refund: payment(organizationId, true) };
    case 'appointment.booked':
      return { object: appointment(organizationId, 'scheduled') };
    case 'appointment.changed':
      return { object: appointment(organizationId, 'scheduled') };
    case 'appointment.cancelled':
      return { object: appointment(organizationId, 'cancelled') };
    case 'work_order.completed':
      return { object: workOrder(organizationId) };
  }
}
