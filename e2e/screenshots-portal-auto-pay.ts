// Saves PNGs of the portal's saved cards with the auto-pay switch (desktop 1280 and phone 390), before and after a card
// is saved and auto-pay turned on: `npx tsx e2e/screenshots-portal-auto-pay.ts` (into /tmp/auto-pay-shots, or OUT_DIR).
// Uses BASE_URL when given (a running app), else starts one.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { startAppServer, type AppServer } from './fixtures/app-server';
import { CHROMIUM_ARGS, DESKTOP, PHONE } from './fixtures/browser-config';
import { outboxEntries } from './fixtures/documents';
import { signIn } from './fixtures/sign-in';

const OUT = process.env.OUT_DIR ?? '/tmp/auto-pay-shots';

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
  const card = page.locator('[data-testid="auto-pay-switch"]').locator('xpath=ancestor::div[contains(@class,"rounded")][1]');
  await (await card.count() ? card.first() : page.locator('body')).screenshot({ path: path.join(OUT, `${name}.png`) });
  console.log(`saved ${path.join(OUT, `${name}.png`)}`);
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  let server: AppServer | null = null;
  const baseURL = process.env.BASE_URL ?? (server = await startAppServer()).baseURL;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const staff = await browser.newContext({ baseURL, viewport: DESKTOP });
    const staffPage = await staff.newPage();
    await signIn(staffPage, baseURL, 'admin@example.com');
    for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      const email = `auto.pay.${label}.${Date.now()}@example.com`;
      const created = await staffPage.request.post('/api/customers', { data: { name: `Robin Auto ${label}`, email } });
      const customer = (await created.json()) as { id: number };
      await staffPage.request.post(`/api/customers/${customer.id}/portal-link`, { data: {} });
      const outbox = await outboxEntries(staffPage);
      const link = outbox.find((m) => m.to === email)!.text.match(/\S*\/customer-portal\S*/)![0];
      const context = await browser.newContext({ baseURL, viewport });
      const page = await context.newPage();
      await page.goto(new URL(link).pathname + new URL(link).hash);
      await page.getByTestId('portal-greeting').waitFor();
      await page.getByTestId('auto-pay-switch').scrollIntoViewIfNeeded();
      await shoot(page, `auto-pay-no-card-${label}`);
      await page.getByRole('button', { name: 'Add Payment Method' }).first().click();
      const add = page.getByRole('dialog');
      await add.getByLabel('Card number').fill('4242 4242 4242 4242');
      await add.getByLabel('Expiry (MM/YY)').fill('12/34');
      await add.getByLabel('CVC').fill('123');
      await add.getByRole('button', { name: /^Save/ }).click();
      await add.waitFor({ state: 'detached' });
      await page.getByTestId('auto-pay-switch').getByRole('checkbox').click();
      await page.getByTestId('auto-pay-switch').getByRole('checkbox').and(page.locator(':checked')).waitFor();
      await shoot(page, `auto-pay-on-${label}`);
      await context.close();
    }
    await staff.close();
  } finally {
    await browser.close();
    await server?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
