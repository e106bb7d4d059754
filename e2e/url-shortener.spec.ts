import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { ShortUrl } from '../src/contracts/short-urls';
import { baseURL, launchBrowser, PHONE } from './fixtures/browser';
import { signedInPage } from './fixtures/sessions';
import { apiJson, dialogTitled, uniqueName } from './fixtures/records';
import { waitForToast } from './fixtures/documents';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('URL shortener', () => {
  it('creates a short link, refuses a taken code and a javascript: target, and the link redirects and counts', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    const title = uniqueName('Spring tune-up offer');
    const code = `spring-${Date.now().toString(36)}`;
    // A target on this server, so following the link needs no network.
    const target = `${baseURL()}/user-guide`;

    await page.goto('/url-shortener');
    await page.getByRole('button', { name: 'Create Short URL' }).click();
    const dialog = dialogTitled(page, 'Create Short URL');
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Original URL').fill('javascript:alert(1)');
    await dialog.getByLabel(/Custom Short Code/).fill(code);
    await dialog.getByRole('button', { name: /Create/ }).click();
    await dialog.getByText('Please enter a valid URL').waitFor();

    await dialog.getByLabel('Original URL').fill(target);
    await dialog.getByRole('button', { name: /Create/ }).click();
    await waitForToast(page, 'Short URL created successfully');
    await dialog.waitFor({ state: 'detached' });

    // The same code again is refused with a clear message.
    await page.getByRole('button', { name: 'Create Short URL' }).click();
    await dialog.getByLabel('Title').fill(`${title} again`);
    await dialog.getByLabel('Original URL').fill(target);
    await dialog.getByLabel(/Custom Short Code/).fill(code);
    await dialog.getByRole('button', { name: /Create/ }).click();
    await dialog.getByText('That short code is already taken').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const [created] = await apiJson<ShortUrl[]>(page, `/api/short-urls?q=${encodeURIComponent(code)}`);
    expect(created).toMatchObject({ shortCode: code, originalUrl: target, clicks: 0 });
    await page.getByRole('searchbox', { name: 'Search short URLs' }).fill(code);
    await page.getByText(title).first().waitFor();
    await page.screenshot({ path: '/tmp/shots/url-shortener.png', fullPage: true });

    // Following the link lands on the target and counts the click.
    const visitor = await browser.newContext({ baseURL: baseURL() });
    const tab = await visitor.newPage();
    const response = await tab.goto(`/s/${code}`);
    expect(tab.url()).toBe(target);
    expect(response?.status()).toBe(200);
    await tab.goto(`/s/${code}`);
    const [after] = await apiJson<ShortUrl[]>(page, `/api/short-urls?q=${encodeURIComponent(code)}`);
    expect(after.clicks).toBe(2);

    // An unknown code is a page a person can read.
    const missing = await tab.goto('/s/no-such-link-here');
    expect(missing?.status()).toBe(404);
    await tab.getByRole('heading', { name: 'Link not found' }).waitFor();
    await tab.screenshot({ path: '/tmp/shots/short-link-not-found.png' });
    await visitor.close();
    await context.close();
  });

  it('fits a phone', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com', PHONE);
    await page.goto('/url-shortener');
    await page.getByRole('list', { name: 'Short URLs' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: '/tmp/shots/url-shortener-phone.png', fullPage: true });
    await context.close();
  });
});
