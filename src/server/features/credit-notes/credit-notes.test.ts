// Locked invoices, voiding and credit notes (docs/rules/records.md#locked-invoices, #voiding, #credit-notes).
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invoices, outbox, paymentLinks } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { orgKit, pdfText, type OrgKit } from '../documents/documents.test-kit';
import { readOrganizationFigures, rederiveOrganizationFigures } from '../figures/organization-figures';
import { tenantScopeForWrite } from '../../platform/tenancy';

let t: TestApp;
let a: OrgKit;
let b: OrgKit;
beforeAll(async () => {
  t = await createTestApp();
  a = await orgKit(t);
  b = await orgKit(t);
});
afterAll(async () => {
  await t?.close();
});

const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.call({ method, url, cookie, payload });
const LINES = [
  { description: 'Service call', quantity: '1', rate: '95.00' },
  { description: 'Valve', quantity: '2', rate: '50.00' },
];

/** A new invoice of the kit's customer for 195.00, with the status given. */
async function invoice(kit: OrgKit, status: 'draft' | 'sent' | 'paid' = 'sent') {
  const res = await call(kit.admin, 'POST', '/api/invoices', { customerId: kit.customerId, status, dueDate: '2026-12-31', lineItems: LINES, tax: null });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; invoiceNumber: string; total: string; organizationId: number };
}

const credit = (kit: OrgKit, invoiceId: number, amount: string, reason = 'Goodwill') =>
  call(kit.admin, 'POST', `/api/invoices/${invoiceId}/credit-notes`, { reason, lineItems: [{ description: 'Credit', quantity: '1', rate: amount }] });
const pay = (kit: OrgKit, invoiceId: number, amount: string) => call(kit.admin, 'POST', '/api/payments', { invoiceId, amount, method: 'cash' });

/** The kept owed figures agree with the figures worked out again from the data. */
async function expectFiguresHold(organizationId: number) {
  const scope = tenantScopeForWrite({ isSuperUser: false, organizationId } as never);
  const kept = await readOrganizationFigures(t.database.db, scope);
  await rederiveOrganizationFigures(t.database.db);
  expect(await readOrganizationFigures(t.database.db, scope)).toEqual(kept);
  return kept;
}

describe('a sent invoice keeps its amounts', () => {
  it('refuses re-pricing a paid invoice (195.00 to 9999.00) and keeps it as it was', async () => {
    const inv = await invoice(a, 'sent');
    expect((await pay(a, inv.id, '195.00')).statusCode).toBe(201);
    const res = await call(a.manager, 'PUT', `/api/invoices/${inv.id}`, { lineItems: [{ description: 'Service call', quantity: '1', rate: '9999.00' }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Issue a credit note or void it/);
    const after = (await call(a.admin, 'GET', `/api/invoices/${inv.id}`)).json();
    expect(after).toMatchObject({ status: 'paid', total: '195.00', amountPaid: '195.00', balanceDue: '0.00', amountsLocked: true });
  });

  it('refuses a new tax, customer or number, and going back to draft; takes the same lines again with a new due date and notes', async () => {
    const inv = await invoice(a, 'sent');
    const other = (await call(a.admin, 'POST', '/api/customers', { name: 'Other Customer' })).json();
    for (const change of [{ tax: '10.00' }, { customerId: other.id }, { invoiceNumber: 'INV-X' }, { status: 'draft' }]) {
      const res = await call(a.manager, 'PUT', `/api/invoices/${inv.id}`, change);
      expect(res.statusCode, JSON.stringify(change)).toBe(409);
    }
    const same = await call(a.manager, 'PUT', `/api/invoices/${inv.id}`, {
      customerId: a.customerId,
      tax: null,
      lineItems: LINES.map((l) => ({ ...l, amount: 'ignored' === l.description ? '0' : undefined })),
      dueDate: '2027-01-15',
      notes: 'Call before visiting',
      status: 'overdue',
    });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ total: '195.00', notes: 'Call before visiting', status: 'overdue', dueDate: '2027-01-15T00:00:00.000Z' });
  });

  it('leaves a draft free to change', async () => {
    const inv = await invoice(a, 'draft');
    const res = await call(a.manager, 'PUT', `/api/invoices/${inv.id}`, { lineItems: [{ description: 'Bigger job', quantity: '1', rate: '300.00' }] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: '300.00', amountsLocked: false });
  });
});

describe('voiding', () => {
  it('keeps the number and record, owes nothing, ends its pay links, and refuses edits, payments and credit notes', async () => {
    const inv = await invoice(a, 'sent');
    const link = await call(a.admin, 'POST', `/api/invoices/${inv.id}/payment-link`);
    expect(link.statusCode).toBe(201);
    const before = await expectFiguresHold(a.org.id);

    expect((await call(a.admin, 'POST', `/api/invoices/${inv.id}/void`, { reason: '' })).statusCode).toBe(400);
    expect((await call(a.employee, 'POST', `/api/invoices/${inv.id}/void`, { reason: 'Duplicate' })).statusCode).toBe(403);
    expect((await call(b.admin, 'POST', `/api/invoices/${inv.id}/void`, { reason: 'Duplicate' })).statusCode).toBe(404);
    const res = await call(a.manager, 'POST', `/api/invoices/${inv.id}/void`, { reason: 'Duplicate of another invoice' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ invoiceNumber: inv.invoiceNumber, status: 'void', balanceDue: '0.00', voidReason: 'Duplicate of another invoice', isOverdue: false });
    expect(res.json().voidedAt).toEqual(expect.any(String));

    const after = await expectFiguresHold(a.org.id);
    expect(after.owedInvoices).toBe(before.owedInvoices - 1);
    expect(after.owedBalanceCents).toBe(before.owedBalanceCents - 19500);
    const [l] = await t.database.db.select().from(paymentLinks).where(eq(paymentLinks.invoiceId, inv.id));
    expect(l?.status).toBe('expired');
    expect((await t.call({ method: 'POST', url: `/api/public/payment-links/${l!.linkId}/open` })).json().status).toBe('expired');

    expect((await call(a.admin, 'POST', `/api/invoices/${inv.id}/void`, { reason: 'Again' })).json().message).toBe('This invoice is already void');
    expect((await call(a.admin, 'PUT', `/api/invoices/${inv.id}`, { notes: 'x' })).statusCode).toBe(409);
    const payment = await pay(a, inv.id, '10.00');
    expect(payment.statusCode).toBe(409);
    expect(payment.json().message).toBe('This invoice is void and cannot be paid');
    expect((await credit(a, inv.id, '10.00')).statusCode).toBe(409);
    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'invoice.voided'), eq(auditLog.entityId, inv.id)));
    expect(audit?.details).toMatchObject({ from: 'sent', reason: 'Duplicate of another invoice' });
    const pdf = await t.call({ url: `/api/invoices/${inv.id}/pdf`, cookie: a.admin });
    expect(await pdfText(pdf.rawPayload)).toMatch(/Void.*Duplicate of another invoice/);
  });

  it('is refused while payments stand against the invoice', async () => {
    const inv = await invoice(a, 'sent');
    await pay(a, inv.id, '50.00');
    const res = await call(a.admin, 'POST', `/api/invoices/${inv.id}/void`, { reason: 'Wrong customer' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This invoice has payments of $50.00: refund them before voiding it, or issue a credit note');
  });
});

describe('credit notes', () => {
  it('numbers CN-00001 per organization, lowers the balance and the owed figures, and closes an invoice credited in full', async () => {
    const kit = await orgKit(t);
    const inv = await invoice(kit, 'sent');
    const draft = await invoice(kit, 'draft');
    expect((await credit(kit, draft.id, '10.00')).json().message).toMatch(/only a sent invoice takes a credit note/);

    const first = await credit(kit, inv.id, '45.00', 'Valve was on sale');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ creditNoteNumber: 'CN-00001', invoiceNumber: inv.invoiceNumber, total: '45.00', reason: 'Valve was on sale', customerName: 'Pat Customer' });
    let now = (await call(kit.admin, 'GET', `/api/invoices/${inv.id}`)).json();
    expect(now).toMatchObject({ status: 'sent', amountCredited: '45.00', balanceDue: '150.00' });
    expect((await expectFiguresHold(kit.org.id)).owedBalanceCents).toBe(15000);
    const aging = (await call(kit.admin, 'GET', '/api/reports/aging')).json();
    expect(aging.totals.current.balanceDue).toBe('150.00');

    const over = await credit(kit, inv.id, '150.01');
    expect(over.statusCode).toBe(400);
    expect(over.json().issues[0]).toEqual({ path: 'lineItems', message: 'The credit cannot be more than $150.00, what is left to credit on this invoice' });
    expect((await credit(kit, inv.id, '0')).statusCode).toBe(400);
    // A payment can no longer take more than the balance left after the credit.
    expect((await pay(kit, inv.id, '150.01')).statusCode).toBe(400);

    const rest = await credit(kit, inv.id, '150.00', 'Job cancelled');
    expect(rest.json().creditNoteNumber).toBe('CN-00002');
    now = (await call(kit.admin, 'GET', `/api/invoices/${inv.id}`)).json();
    expect(now).toMatchObject({ status: 'credited', amountCredited: '195.00', balanceDue: '0.00', amountsLocked: true });
    expect(await expectFiguresHold(kit.org.id)).toMatchObject({ owedInvoices: 0, owedBalanceCents: 0 });
    expect((await credit(kit, inv.id, '1.00')).json().message).toBe('This invoice has been credited in full');

    // Another organization numbers from CN-00001 and sees none of these.
    const theirs = await invoice(b, 'sent');
    expect((await credit(b, theirs.id, '5.00')).json().creditNoteNumber).toBe('CN-00001');
    const list = await call(kit.admin, 'GET', '/api/credit-notes');
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.json().map((n: { creditNoteNumber: string }) => n.creditNoteNumber)).toEqual(['CN-00002', 'CN-00001']);
    expect((await call(b.admin, 'GET', `/api/credit-notes/${first.json().id}`)).statusCode).toBe(404);
    expect((await call(b.admin, 'POST', `/api/invoices/${inv.id}/credit-notes`, { reason: 'x', lineItems: [{ description: 'x', rate: '1' }] })).statusCode).toBe(404);
    expect((await call(kit.employee, 'POST', `/api/invoices/${inv.id}/credit-notes`, { reason: 'x', lineItems: [{ description: 'x', rate: '1' }] })).statusCode).toBe(403);
    expect((await call(kit.admin, 'GET', `/api/credit-notes?invoiceId=${inv.id}&q=cn-00001`)).json()).toHaveLength(1);
  });

  it('credits a paid invoice without reopening it, and turns a part-paid one paid when credit covers the rest', async () => {
    const paid = await invoice(a, 'sent');
    await pay(a, paid.id, '195.00');
    expect((await credit(a, paid.id, '20.00')).statusCode).toBe(201);
    expect((await call(a.admin, 'GET', `/api/invoices/${paid.id}`)).json()).toMatchObject({ status: 'paid', amountCredited: '20.00', balanceDue: '0.00' });

    const part = await invoice(a, 'sent');
    await pay(a, part.id, '100.00');
    expect((await credit(a, part.id, '95.00')).statusCode).toBe(201);
    const now = (await call(a.admin, 'GET', `/api/invoices/${part.id}`)).json();
    expect(now).toMatchObject({ status: 'paid', amountPaid: '100.00', amountCredited: '95.00', balanceDue: '0.00' });
    expect(now.paidDate).toEqual(expect.any(String));
    await expectFiguresHold(a.org.id);
  });

  it('never credits more than the total when many notes are issued at once', async () => {
    const kit = await orgKit(t);
    const inv = await invoice(kit, 'sent');
    // 25 notes of 10.00 against 195.00: 19 fit, whatever order the database takes them in.
    const results = await Promise.all(Array.from({ length: 25 }, () => credit(kit, inv.id, '10.00')));
    const created = results.filter((r) => r.statusCode === 201);
    expect(created).toHaveLength(19);
    expect(results.filter((r) => r.statusCode !== 201).every((r) => r.statusCode === 400)).toBe(true);
    // Numbers without gaps or repeats: a refused note takes no number.
    expect(created.map((r) => r.json().creditNoteNumber).sort()).toEqual(Array.from({ length: 19 }, (_, i) => `CN-${String(i + 1).padStart(5, '0')}`));
    const [row] = await t.database.db.select({ credited: invoices.amountCredited, status: invoices.status }).from(invoices).where(eq(invoices.id, inv.id));
    expect(row).toEqual({ credited: '190.00', status: 'sent' });
    await expectFiguresHold(kit.org.id);
  });

  it('prints the note as a PDF and e-mails it to the customer with the PDF attached', async () => {
    const inv = await invoice(a, 'sent');
    const note = (await credit(a, inv.id, '25.50', 'Late arrival discount')).json();
    const pdf = await t.call({ url: `/api/credit-notes/${note.id}/pdf`, cookie: a.admin });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`credit-note-${note.creditNoteNumber}.pdf`);
    const text = await pdfText(pdf.rawPayload);
    for (const part of ['CREDIT NOTE', note.creditNoteNumber, inv.invoiceNumber, 'Late arrival discount', '$25.50']) expect(text).toContain(part);

    const sent = await call(a.admin, 'POST', `/api/credit-notes/${note.id}/email`);
    expect(sent.statusCode).toBe(200);
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.to, 'pat@example.com')).orderBy(desc(outbox.id)).limit(1);
    expect(mail?.subject).toBe(`Credit note ${note.creditNoteNumber} from ${a.org.name}`);
    expect(JSON.stringify(mail)).toContain(`credit-note-${note.creditNoteNumber}.pdf`);
  });
});

describe('in the customer portal', () => {
  it('lists the customer’s credit notes and refunds, with totals net of refunds, and gives the note’s PDF to them alone', async () => {
    const kit = await orgKit(t);
    const inv = await invoice(kit, 'sent');
    const note = (await credit(kit, inv.id, '15.00', 'Scratched cover')).json();
    const paid = (await pay(kit, inv.id, '180.00')).json();
    const back = await call(kit.admin, 'POST', `/api/payments/${paid.id}/refunds`, { amount: '30.00', reason: 'Overcharged', idempotencyKey: crypto.randomUUID() });
    expect(back.statusCode).toBe(201);

    const portal = (await call(kit.admin, 'GET', `/api/portal?customer=${kit.customerId}`)).json();
    expect(portal.creditNotes).toEqual([
      { id: note.id, creditNoteNumber: 'CN-00001', invoiceId: inv.id, invoiceNumber: inv.invoiceNumber, total: '15.00', reason: 'Scratched cover', createdAt: expect.any(String) },
    ]);
    expect(portal.payments.map((p: { amount: string; method: string }) => `${p.amount} ${p.method}`).sort()).toEqual(['-30.00 refund', '180.00 cash']);
    expect(portal.summary).toMatchObject({ totalPaid: '150.00', paymentCount: 1, outstandingBalance: '30.00' });
    expect(portal.invoices[0]).toMatchObject({ status: 'sent', balanceDue: '30.00' });

    const pdf = await call(kit.admin, 'GET', `/api/portal/credit-notes/${note.id}/pdf?customer=${kit.customerId}`);
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain('CN-00001');
    const other = await orgKit(t);
    expect((await call(other.admin, 'GET', `/api/portal/credit-notes/${note.id}/pdf?customer=${kit.customerId}`)).statusCode).toBe(404);
  });
});
