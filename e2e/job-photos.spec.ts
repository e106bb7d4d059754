// Photos on a job (docs/rules/team.md#photos-and-files), on a phone: the technician on the crew takes a photo from the
// job's dialog (the camera's file input), sees its thumbnail, opens it, marks it shared with the customer, and the
// customer then sees it with the job's invoice in the portal, opened from their portal link.
import { Jimp, JimpMime } from 'jimp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { portalTokenFromAddress } from '../src/contracts/customer-portal';
import type { StaffMember } from '@contracts/team';
import type { WorkOrderAttachment } from '@contracts/work-order-attachments';
import type { WorkOrder } from '@contracts/work-orders';
import { launchBrowser, PHONE } from './fixtures/browser';
import { waitForEmail, waitForToast } from './fixtures/documents';
import { apiJson, postJson, uniqueName } from './fixtures/records';
import { signedInPage } from './fixtures/sessions';
import { signIn } from './fixtures/sign-in';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A photo as a phone camera hands it over: a 1600 x 1200 JPEG (blue, with an orange square). */
async function cameraPhoto(): Promise<Buffer> {
  const image = new Jimp({ width: 1600, height: 1200, color: 0x2f5d8aff });
  image.composite(new Jimp({ width: 500, height: 500, color: 0xf08a24ff }), 200, 200);
  return image.getBuffer(JimpMime.jpeg, { quality: 85 });
}

/** Waits until the <img> inside `where` has really loaded its picture. */
async function imageShown(where: Locator): Promise<void> {
  const img = where.locator('img').first();
  await img.waitFor();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
}

const phoneContext = () => browser.newContext({ baseURL: inject('baseURL'), viewport: PHONE, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

describe('Job photos on a phone', () => {
  it('the crew member takes a photo, shares it, and the customer sees it with the invoice in the portal', async () => {
    // The office: a customer with portal access, a job for the technician, and its sent invoice.
    const manager = await signedInPage(browser, 'manager@example.com');
    const team = await apiJson<StaffMember[]>(manager.page, '/api/team');
    const evan = team.find((m) => m.email === 'employee@example.com')!;
    const name = uniqueName('Photo Customer').replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]);
    const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com`;
    const customer = await postJson<{ id: number }>(manager.page, '/api/customers', { name, email, portalAccessEnabled: true });
    const job = await postJson<WorkOrder>(manager.page, '/api/work-orders', { customerId: customer.id, title: `Replace the kitchen faucet ${name}`, status: 'in_progress', assigneeIds: [evan.id] });
    const invoice = await postJson<{ id: number; invoiceNumber: string }>(manager.page, '/api/invoices', {
      customerId: customer.id,
      workOrderId: job.id,
      status: 'sent',
      lineItems: [{ description: 'Faucet and labor', quantity: 1, rate: '240.00' }],
    });

    // The technician, on site with a phone.
    const context = await phoneContext();
    const page = await context.newPage();
    await signIn(page, inject('baseURL'), 'employee@example.com');
    await page.goto(`/work-orders?open=${job.id}`);
    const section = page.getByTestId('work-order-dialog').getByTestId('attachments-section');
    await section.getByText('No photos or files yet.', { exact: false }).waitFor();
    const takePhoto = section.getByRole('button', { name: 'Take photo' });
    await takePhoto.waitFor();
    // A big button for a thumb: the full width of the phone's dialog and 48 px tall.
    const box = (await takePhoto.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThan(250);
    const camera = section.getByTestId('attachment-camera-input');
    expect(await camera.getAttribute('capture')).toBe('environment');
    expect(await camera.getAttribute('accept')).toBe('image/*');

    await camera.setInputFiles({ name: 'IMG_0042.JPG', mimeType: 'image/jpeg', buffer: await cameraPhoto() });
    await waitForToast(page, 'Added to the job');
    const tile = section.getByTestId('attachment-tile').first();
    await imageShown(tile);
    expect(await section.getByTestId('attachment-tile').count()).toBe(1);
    expect(await tile.getAttribute('data-shared')).toBe('false');
    const [stored] = await apiJson<WorkOrderAttachment[]>(page, `/api/work-orders/${job.id}/attachments`);
    expect(stored).toMatchObject({ fileName: 'img-0042.jpg', contentType: 'image/jpeg', width: 1600, height: 1200, shared: false, uploadedByName: evan.name });

    // Tap: the photo full size, then shared with the customer.
    await tile.getByRole('button').tap();
    const viewer = page.getByTestId('attachment-viewer');
    await imageShown(viewer);
    await viewer.getByLabel('Caption').fill('New faucet installed');
    await viewer.getByRole('button', { name: 'Save' }).tap();
    await waitForToast(page, 'Caption saved');
    const shared = viewer.getByRole('switch', { name: 'Shared with customer' });
    expect(await shared.getAttribute('aria-checked')).toBe('false');
    await shared.tap();
    await waitForToast(page, 'Shared with the customer');
    await expect.poll(() => shared.getAttribute('aria-checked')).toBe('true');
    await viewer.getByRole('button', { name: 'Close', exact: true }).tap();
    await viewer.waitFor({ state: 'detached' });
    await expect.poll(() => tile.getAttribute('data-shared')).toBe('true');
    expect(await tile.textContent()).toContain('New faucet installed');
    await context.close();

    // The customer opens the portal link from their e-mail, on a phone, signed in nowhere.
    const sent = await manager.page.request.post(`/api/customers/${customer.id}/portal-link`, { data: {} });
    expect(sent.ok()).toBe(true);
    const mail = await waitForEmail(manager.page, email, 'Your customer portal');
    const link = new URL(mail.text.match(/\S*\/customer-portal\S*/)![0]);
    const token = portalTokenFromAddress(link.search, link.hash)!;
    await manager.context.close();

    const visitor = await phoneContext();
    const portal = await visitor.newPage();
    const requested: string[] = [];
    portal.on('request', (r) => requested.push(r.url()));
    await portal.goto(`${link.pathname}${link.hash}`);
    const photos = portal.getByTestId('portal-job-photos');
    await photos.getByText('Photos from your jobs').waitFor();
    const forInvoice = photos.getByTestId('portal-invoice-photos').filter({ hasText: `Invoice ${invoice.invoiceNumber}` });
    await imageShown(forInvoice);
    expect(await forInvoice.textContent()).toContain('New faucet installed');
    await forInvoice.getByRole('button', { name: 'Open Photo: New faucet installed' }).tap();
    const big = portal.getByTestId('portal-photo-viewer');
    await imageShown(big);
    expect(await big.getByRole('heading').textContent()).toBe('New faucet installed');
    // The pictures came with the token in a header, never in an address.
    expect(requested.some((u) => u.includes(`/api/portal/invoices/${invoice.id}/attachments/${stored.id}/thumbnail`))).toBe(true);
    expect(requested.filter((u) => u.includes(token))).toEqual([]);
    await visitor.close();
  });
});

