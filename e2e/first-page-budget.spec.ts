// The first page a visitor opens must not need more than 150 KB of gzipped JavaScript.
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { baseURL, DESKTOP, launchBrowser } from './fixtures/browser';
import { signedInPage } from './fixtures/sessions';

const BUDGET_KB = 150;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens `path` in a context with an empty cache and sums the gzipped size of every script it loads. */
async function firstPageScriptsKb(context: BrowserContext, path: string, ready: string): Promise<number> {
  const page = await context.newPage();
  const sizes: Promise<number>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    sizes.push(response.body().then((body) => zlib.gzipSync(body).length));
  });
  await page.goto(path);
  await page.getByText(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  const total = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
  await page.close();
  return total / 1024;
}

describe('first page weight', () => {
  it(`keeps the sign-in page and a public organization page under ${BUDGET_KB} KB of gzipped JavaScript`, async () => {
    const context = await browser.newContext({ baseURL: baseURL(), viewport: DESKTOP });
    expect(await firstPageScriptsKb(context, '/login', 'Send verification code')).toBeLessThan(BUDGET_KB);
    await context.close();
    const fresh = await browser.newContext({ baseURL: baseURL(), viewport: DESKTOP });
    expect(await firstPageScriptsKb(fresh, '/org/demo', 'View Services')).toBeLessThan(BUDGET_KB);
    await fresh.close();
  });

  it(`keeps a signed-in dashboard under ${BUDGET_KB} KB of gzipped JavaScript`, async () => {
    const { context } = await signedInPage(browser, 'manager@example.com');
    const signedIn = await browser.newContext({ baseURL: baseURL(), viewport: DESKTOP, storageState: await context.storageState() });
    expect(await firstPageScriptsKb(signedIn, '/', 'Service Jobs')).toBeLessThan(BUDGET_KB);
    await signedIn.close();
    await context.close();
  });
});
