// Saves PNGs of the photos and files on a job (docs/rules/team.md#photos-and-files) at desktop (1280) and phone (390)
// width for a visual check: the job's empty section with Take photo and Add file, the section with photos and a PDF,
// a photo opened with its caption and sharing, the invoice's shared photos, and the customer portal's (a staff preview):
// `npx tsx e2e/screenshots-job-photos.ts` (into /tmp/shots-job-photos, or OUT_DIR). Uses BASE_URL when given (a running
// app), else starts one with fresh demo data.
import { Jimp, JimpMime } from 'jimp';
import type { Page } from 'playwright-core';
import type { WorkOrder } from '@contracts/work-orders';
import { apiJson, postJson } from './fixtures/records';
import { runScreenshots, type ShotRun } from './fixtures/screenshots';

let shots: ShotRun;
const TAG = Date.now().toString(36).toUpperCase();

/** A stand-in for a site photo: a sky-to-ground gradient with a coloured box, `width` x `height`. */
async function sitePhoto(width: number, height: number, box: number): Promise<Buffer> {
  const image = new Jimp({ width, height, color: 0xffffffff });
  const data = image.bitmap.data;
  for (let y = 0; y < height; y++) {
    const t = y / height;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      data[i] = Math.round(90 + 100 * t);
      data[i + 1] = Math.round(140 + 40 * t - 30 * (x / width));
      data[i + 2] = Math.round(200 - 140 * t);
    }
  }
  image.composite(new Jimp({ width: Math.round(width / 3), height: Math.round(height / 3), color: box }), Math.round(width / 3), Math.round(height / 2));
  return image.getBuffer(JimpMime.jpeg, { quality: 85 });
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

async function attach(page: Page, jobId: number, file: { name: string; mimeType: string; buffer: Buffer }, fields: Record<string, string> = {}) {
  const res = await page.request.post(`/api/work-orders/${jobId}/attachments`, { multipart: { ...fields, file } });
  if (!res.ok()) throw new Error(`upload answered ${res.status()}: ${await res.text()}`);
}

interface Made {
  job: WorkOrder;
  empty: WorkOrder;
  invoiceId: number;
  customerId: number;
}

async function makeRecords(page: Page): Promise<Made> {
  const [customer] = await apiJson<{ id: number }[]>(page, '/api/customers?limit=1');
  const job = await postJson<WorkOrder>(page, '/api/work-orders', { customerId: customer.id, title: `Bathroom leak repair ${TAG}`, status: 'in_progress' });
  const empty = await postJson<WorkOrder>(page, '/api/work-orders', { customerId: customer.id, title: `Water heater check ${TAG}`, status: 'scheduled' });
  await attach(page, job.id, { name: 'IMG_2040.JPG', mimeType: 'image/jpeg', buffer: await sitePhoto(1600, 1200, 0x8b4513ff) }, { caption: 'Before: the leaking trap' });
  await attach(page, job.id, { name: 'Warranty card.pdf', mimeType: 'application/pdf', buffer: PDF }, { caption: 'Faucet warranty' });
  await attach(page, job.id, { name: 'IMG_2041.JPG', mimeType: 'image/jpeg', buffer: await sitePhoto(1200, 1600, 0x2e8b57ff) }, { shared: 'true', caption: 'After: new trap and seal' });
  await attach(page, job.id, { name: 'IMG_2042.JPG', mimeType: 'image/jpeg', buffer: await sitePhoto(1600, 1200, 0xdaa520ff) }, { shared: 'true' });
  const invoice = await postJson<{ id: number }>(page, '/api/invoices', { customerId: customer.id, workOrderId: job.id, status: 'sent', lineItems: [{ description: 'Leak repair', quantity: 1, rate: '180.00' }] });
  return { job, empty, invoiceId: invoice.id, customerId: customer.id };
}

async function waitForImages(page: Page) {
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="attachment-tile"] img')].every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0));
  await page.waitForTimeout(300);
}

runScreenshots('/tmp/shots-job-photos', async (run) => {
  shots = run;
  let made: Made | null = null;
  await run.atBothWidths(async (page, suffix) => {
    made ??= await makeRecords(page);
    const { job, empty, invoiceId, customerId } = made;

    await page.goto(`/work-orders?open=${empty.id}`);
    const emptySection = page.getByTestId('work-order-dialog').getByTestId('attachments-section');
    await emptySection.getByRole('button', { name: 'Take photo' }).waitFor();
    await shots.shootElement(page, emptySection, `job-photos-empty-${suffix}`);

    await page.goto(`/work-orders?open=${job.id}`);
    const section = page.getByTestId('work-order-dialog').getByTestId('attachments-section');
    await section.getByTestId('attachment-tile').nth(3).waitFor();
    await section.scrollIntoViewIfNeeded();
    await waitForImages(page);
    await shots.shoot(page, `job-photos-dialog-${suffix}`);
    await shots.shootElement(page, section, `job-photos-section-${suffix}`);

    await section.getByRole('button', { name: 'Open Photo: After: new trap and seal' }).click();
    const viewer = page.getByTestId('attachment-viewer');
    await viewer.locator('img').waitFor();
    await page.waitForTimeout(500);
    await shots.shoot(page, `job-photos-viewer-${suffix}`);
    await viewer.getByRole('button', { name: 'Delete photo' }).click();
    await page.getByTestId('confirm-delete-dialog').waitFor();
    await shots.shoot(page, `job-photos-delete-${suffix}`);
    await page.getByTestId('confirm-delete-dialog').getByRole('button', { name: 'Cancel' }).click();
    await viewer.getByRole('button', { name: 'Close', exact: true }).click();

    await page.goto(`/invoices?open=${invoiceId}`);
    const onInvoice = page.getByTestId('invoice-job-photos');
    await onInvoice.getByTestId('attachment-tile').nth(1).waitFor();
    await waitForImages(page);
    await shots.shootElement(page, onInvoice, `job-photos-invoice-${suffix}`);

    await page.goto(`/customer-portal?customer=${customerId}`);
    const portal = page.getByTestId('portal-job-photos');
    await portal.getByTestId('attachment-tile').nth(1).waitFor();
    await waitForImages(page);
    await shots.shootElement(page, portal, `job-photos-portal-${suffix}`);
    await portal.getByRole('button', { name: 'Open Photo: After: new trap and seal' }).first().click();
    await page.getByTestId('portal-photo-viewer').locator('img').waitFor();
    await page.waitForTimeout(500);
    await shots.shoot(page, `job-photos-portal-viewer-${suffix}`);
  }, 'manager@example.com');
});
