// The customer's sign-off on a finished job (docs/rules/team.md#sign-off): taken by the crew or a manager, once,
// completing the job, and printed on the job sheet PDF.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { orgKit, pdfText, type OrgKit } from '../documents/documents.test-kit';

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

const SIGNATURE = { width: 300, height: 120, strokes: [[[10, 60], [80, 20], [150, 90], [280, 40]]] };

async function job(assigneeIds: number[] = []) {
  const res = await t.call({ method: 'POST', url: '/api/work-orders', cookie: a.manager, payload: { customerId: a.customerId, title: 'Replace the water heater', assigneeIds, lineItems: [{ description: 'Water heater, 50 gal', quantity: 1, rate: '1150.00' }] } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; orderNumber: string };
}
const signOff = (cookie: string, id: number, payload: unknown) => t.call({ method: 'POST', url: `/api/work-orders/${id}/sign-off`, cookie, payload: payload as object });

describe('sign-off', () => {
  it('a crew member takes it: the job is completed, the signature kept with who and when, and printed on the job sheet', async () => {
    const tech = await t.createUser({ role: 'employee', organizationId: a.org.id, firstName: 'Evan', lastName: 'Stone' });
    const techCookie = await t.cookieFor(tech.id);
    const wo = await job([tech.id]);
    const before = Date.now();
    const res = await signOff(techCookie, wo.id, { signerName: '  Dana Reyes ', signature: SIGNATURE });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.status).toBe('completed');
    expect(body.completedDate).not.toBeNull();
    expect(body.signOff).toEqual({ signerName: 'Dana Reyes', signature: SIGNATURE, signedAt: expect.any(String), takenByName: 'Evan Stone' });
    expect(Date.parse(body.signOff.signedAt)).toBeGreaterThanOrEqual(before - 1000);

    const pdf = await t.call({ url: `/api/work-orders/${wo.id}/pdf`, cookie: a.employee });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="work-order-${wo.orderNumber}.pdf"`);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('WORK ACCEPTED BY THE CUSTOMER');
    expect(text).toContain('Dana Reyes');
    expect(text).toContain("on Evan Stone's device");
    expect(text).toContain('Water heater, 50 gal');

    // Once only: a second signature is refused and the first stands.
    const again = await signOff(a.manager, wo.id, { signerName: 'Someone Else', signature: SIGNATURE });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This job is already signed off');
  });

  it('the job sheet of an unsigned job has no signature block', async () => {
    const wo = await job();
    const text = await pdfText((await t.call({ url: `/api/work-orders/${wo.id}/pdf`, cookie: a.manager })).rawPayload);
    expect(text).toContain(wo.orderNumber);
    expect(text).not.toContain('WORK ACCEPTED');
  });

  it('refuses an employee off the crew (403), a missing name or signature (400), a cancelled job (409) and another organization (404)', async () => {
    const wo = await job();
    const offCrew = await signOff(a.employee, wo.id, { signerName: 'Dana', signature: SIGNATURE });
    expect(offCrew.statusCode).toBe(403);
    expect(offCrew.json().message).toBe("Only the job's crew or someone who manages jobs can take the customer's sign-off");

    const noName = await signOff(a.manager, wo.id, { signerName: '  ', signature: SIGNATURE });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().issues[0]).toEqual({ path: 'signerName', message: 'Please enter the name of the person signing' });
    const noStrokes = await signOff(a.manager, wo.id, { signerName: 'Dana', signature: { width: 300, height: 120, strokes: [] } });
    expect(noStrokes.statusCode).toBe(400);
    expect(noStrokes.json().issues[0].path).toMatch(/^signature/);

    expect((await t.call({ method: 'PUT', url: `/api/work-orders/${wo.id}`, cookie: a.manager, payload: { status: 'cancelled' } })).statusCode).toBe(200);
    const cancelled = await signOff(a.manager, wo.id, { signerName: 'Dana', signature: SIGNATURE });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe('A cancelled job cannot be signed off');

    const other = await job();
    expect((await signOff(b.manager, other.id, { signerName: 'Dana', signature: SIGNATURE })).statusCode).toBe(404);
    expect((await t.call({ url: `/api/work-orders/${other.id}/pdf`, cookie: b.manager })).statusCode).toBe(404);
    expect((await signOff(a.customerUser, other.id, { signerName: 'Dana', signature: SIGNATURE })).statusCode).toBe(403);
  });
});
