// Saves PNGs of the portal's saved cards with the auto-pay switch (desktop 1280 and phone 390), before and after a card
// is saved and auto-pay turned on: `npx tsx e2e/screenshots-portal-auto-pay.ts` (into /tmp/auto-pay-shots, or OUT_DIR).
// Uses BASE_URL when given (a running app), else starts one.
import { DESKTOP, PHONE } from './fixtures/browser-config';
import { outboxEntries } from './fixtures/documents';
import { postJson } from './fixtures/records';
import { runScreenshots } from './fixtures/screenshots';
import { signIn } from './fixtures/sign-in';

runScreenshots('/tmp/auto-pay-shots', async ({ browser, baseURL, shootElement }) => {
  const staff = await browser.newContext({ baseURL, viewport: DESKTOP });
  const staffPage = await staff.newPage();
  await signIn(staffPage, baseURL, 'admin@example.com');
  for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    const email = `auto.pay.${label}.${Date.now()}@example.com`;
    const customer = await postJson<{ id: number }>(staffPage, '/api/customers', { name: `Robin Auto ${label}`, email });
    await postJson(staffPage, `/api/customers/${customer.id}/portal-link`, {});
    const link = (await outboxEntries(staffPage)).find((m) => m.to === email)!.text.match(/\S*\/customer-portal\S*/)![0];
    const context = await browser.newContext({ baseURL, viewport });
    const page = await context.newPage();
    await page.goto(new URL(link).pathname + new URL(link).hash);
    await page.getByTestId('portal-greeting').waitFor();
    const card = page.getByTestId('auto-pay-switch').locator('xpath=ancestor::div[contains(@class,"rounded")][1]');
    await page.waitForLoadState('networkidle');
    await shootElement(page, card, `auto-pay-no-card-${label}`);
    await page.getByRole('button', { name: 'Add Payment Method' }).first().click();
    const add = page.getByRole('dialog');
    await add.getByLabel('Card number').fill('4242 4242 4242 4242');
    await add.getByLabel('Expiry (MM/YY)').fill('12/34');
    await add.getByLabel('CVC').fill('123');
    await add.getByRole('button', { name: /^Save/ }).click();
    await add.waitFor({ state: 'detached' });
    await page.getByTestId('auto-pay-switch').getByRole('checkbox').click();
    await page.getByTestId('auto-pay-switch').getByRole('checkbox').and(page.locator(':checked')).waitFor();
    await shootElement(page, card, `auto-pay-on-${label}`);
    await context.close();
  }
  await staff.close();
});
