// Organization Management in the browser (docs/rules/organizations-and-roles.md#organization-form, #logo).
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ORGANIZATION_MESSAGES } from '../src/contracts/organizations';
import { launchBrowser, PHONE } from './fixtures/browser';
import { signedInPage } from './fixtures/sessions';
import { apiJson, dialogTitled } from './fixtures/records';
import { waitForToast } from './fixtures/documents';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A real PNG: a 64 x 64 square in one colour, built the way the format says (signature, IHDR, IDAT, IEND). */
function squarePng(size: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf: Buffer) => {
    let crc = 0xffffffff;
    for (const b of buf) crc = crcTable[(crc ^ b) & 0xff] ^ (crc >>> 8);
    return (crc ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) raw.set(rgb, y * (size * 3 + 1) + 1 + x * 3);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** Counts the writes a step sends to a path, so "no request" can be checked. */
function countRequests(page: Page, method: string, pattern: RegExp): { count: () => number } {
  let n = 0;
  page.on('request', (r) => {
    if (r.method() === method && pattern.test(new URL(r.url()).pathname)) n++;
  });
  return { count: () => n };
}

async function openOrganization(page: Page) {
  await page.goto('/organization');
  await page.getByTestId('organization-details').waitFor();
  expect(await page.getByTestId('organization-details-name').textContent()).toBe('Demo Home Services');
}

describe('organization management', () => {
  it('an admin uploads a logo (refusals first), sees it on /org/demo and in the invoice PDF', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openOrganization(page);
    const logoPosts = countRequests(page, 'POST', /^\/api\/organizations\/\d+\/logo$/);
    const fileInput = page.getByTestId('logo-file-input');
    const problem = page.getByTestId('logo-problem');

    // Checked in the browser first: no request at all.
    await fileInput.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
    await problem.getByText('Please select an image file').waitFor();
    await fileInput.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await problem.getByText('File size must be less than 5MB').waitFor();
    expect(logoPosts.count()).toBe(0);

    // An HTML page renamed .png passes the browser's check; the server reads its content and refuses it.
    const refused = page.waitForResponse((r) => /\/logo$/.test(r.url()) && r.request().method() === 'POST');
    await fileInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>') });
    expect((await refused).status()).toBe(415);
    await problem.getByText('Please select an image file').waitFor();
    await waitForToast(page, 'Failed to upload logo');

    const png = squarePng(64, [30, 90, 200]);
    const accepted = page.waitForResponse((r) => /\/logo$/.test(r.url()) && r.request().method() === 'POST');
    await fileInput.setInputFiles({ name: 'Demo Logo.png', mimeType: 'image/png', buffer: png });
    expect((await accepted).status()).toBe(200);
    await waitForToast(page, 'Logo uploaded successfully');
    const preview = page.getByTestId('logo-upload').getByRole('img', { name: 'Demo Home Services logo' });
    await preview.waitFor();
    const src = (await preview.getAttribute('src'))!;
    expect(src).toMatch(/^\/uploads\/\d+\/demo-logo\.png$/);
    expect(await problem.count()).toBe(0);

    // The public URLs block: copy with its toast, and the link opens the page in a new tab.
    const home = page.getByTestId('public-url-home');
    expect(await home.textContent()).toContain('/org/demo');
    await home.getByRole('button', { name: 'Copy Home URL' }).click();
    await waitForToast(page, 'Home URL copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(page.url()).origin}/org/demo`);
    await page.getByTestId('public-url-booking').getByRole('button', { name: 'Copy Booking URL' }).click();
    await waitForToast(page, 'Booking URL copied');
    expect(await page.getByTestId('public-url-services').getByRole('link').getAttribute('target')).toBe('_blank');
    await page.screenshot({ path: '/tmp/shots/organization-desktop.png', fullPage: true });

    // The bytes are served with the stored type and a year of caching.
    const served = await page.request.get(src);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Buffer.compare(await served.body(), png)).toBe(0);

    // The organization home shows it.
    await page.goto('/org/demo');
    const logo = page.getByRole('main').getByRole('img', { name: 'Demo Home Services logo' });
    await logo.waitFor();
    expect(await logo.getAttribute('src')).toBe(src);
    await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth === 64, await logo.elementHandle());
    await page.screenshot({ path: '/tmp/shots/organization-home-logo.png' });

    // And the invoice PDF embeds it.
    const [invoice] = await apiJson<{ id: number }[]>(page, '/api/invoices?limit=1');
    const pdf = await page.request.get(`/api/invoices/${invoice.id}/pdf`);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).includes(Buffer.from('/Subtype /Image'))).toBe(true);
    await context.close();
  });

  it('the edit dialog refuses a junk slug without a request and shows the bank account masked', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    await openOrganization(page);
    const puts = countRequests(page, 'PUT', /^\/api\/organizations\/\d+$/);
    await page.getByRole('button', { name: 'Edit Demo Home Services' }).click();
    const dialog = dialogTitled(page, 'Edit Organization');
    await dialog.waitFor();
    const industry = dialog.getByRole('combobox', { name: 'Industry' });
    const options = await industry.locator('option').allTextContents();
    expect(options.slice(1)).toEqual([...options.slice(1)].sort((a, b) => a.localeCompare(b)));
    expect(options).not.toContain('Default');

    for (const junk of ['Not A Slug!', 'a'.repeat(51)]) {
      await dialog.getByLabel('Slug').fill(junk);
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await dialog.getByText(ORGANIZATION_MESSAGES.slug).waitFor();
    }
    await dialog.getByLabel('Name').fill('');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('Name is required').waitFor();
    expect(puts.count()).toBe(0);

    // A new bank account number shows while typed and only its last 4 once the field is left.
    const bank = dialog.getByLabel('Bank Account');
    await bank.fill('000111222333');
    await dialog.getByLabel('Routing Number').focus();
    expect(await bank.inputValue()).toBe('••••2333');
    await dialog.getByLabel('Customers').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('a super user lists every organization and creates one, its slug made from the name', async () => {
    const { context, page } = await signedInPage(browser, 'super@example.com');
    await page.goto('/organization');
    const list = page.getByTestId('organization-list');
    await list.getByText('Demo Home Services').waitFor();
    await list.getByText('Bright Smiles Dental').waitFor();
    const posts = countRequests(page, 'POST', /^\/api\/organizations$/);
    await page.getByRole('button', { name: 'Create Organization' }).click();
    const dialog = dialogTitled(page, 'Create Organization');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Create Organization' }).click();
    await dialog.getByText('Name is required').waitFor();
    const name = `Org Spec ${Date.now().toString(36)}`;
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Slug').fill('junk slug!');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Create Organization' }).click();
    await dialog.getByText(ORGANIZATION_MESSAGES.slug).waitFor();
    await dialog.getByText('Invalid email address').waitFor();
    expect(posts.count()).toBe(0);
    await page.screenshot({ path: '/tmp/shots/organization-create-dialog.png' });

    await dialog.getByLabel('Slug').fill('');
    await dialog.getByLabel('Email').fill('');
    await dialog.getByRole('combobox', { name: 'Industry' }).selectOption('Cleaning Services');
    await dialog.getByLabel('Customers').fill('Households');
    await dialog.getByRole('button', { name: 'Create Organization' }).click();
    await waitForToast(page, 'Organization created successfully');
    expect(posts.count()).toBe(1);
    const details = page.getByTestId('organization-details');
    await details.getByRole('heading', { name }).waitFor();
    const slug = name.toLowerCase().replace(/ /g, '-');
    expect(await page.getByTestId('public-url-home').textContent()).toContain(`/org/${slug}`);
    expect(await page.getByTestId('organization-labels').textContent()).toContain('Households(custom)');
    await page.screenshot({ path: '/tmp/shots/organization-super-user.png' });
    // The new organization's public home answers at once.
    expect((await page.request.get(`/api/public/organization-by-slug/${slug}`)).status()).toBe(200);
    await context.close();
  });

  it('works at phone width', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com', PHONE);
    await openOrganization(page);
    await page.getByTestId('public-urls').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Manage' }).click();
    await page.getByRole('button', { name: 'Hide' }).waitFor();
    await page.screenshot({ path: '/tmp/shots/organization-phone.png', fullPage: true });
    await page.getByRole('button', { name: 'Edit Demo Home Services' }).click();
    const dialog = dialogTitled(page, 'Edit Organization');
    await dialog.waitFor();
    await page.screenshot({ path: '/tmp/shots/organization-phone-edit.png' });
    await context.close();
  });
});
