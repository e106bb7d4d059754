import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TimeEntry } from '../src/contracts/time-entries';
import { launchBrowser, PHONE } from './fixtures/browser';
import { signedInPage } from './fixtures/sessions';
import { apiJson } from './fixtures/records';
import { waitForToast } from './fixtures/documents';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('time tracking', () => {
  it("starts from the dashboard's Start Timer, runs one timer with the signed-in user's name, and stops it", async () => {
    const { context, page } = await signedInPage(browser, 'manager@example.com');
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Timer' }).click();
    await page.waitForURL(/\/time-tracking\?start/);
    const workOrder = page.getByLabel(/Work Order|Job/);
    await expect.poll(() => workOrder.evaluate((el) => el === document.activeElement)).toBe(true);

    // Without a work order the timer does not start.
    await page.getByRole('button', { name: 'Start Timer' }).click();
    await page.getByText('Please select a work order').waitFor();

    await workOrder.selectOption({ index: 1 });
    const chosen = (await workOrder.locator('option:checked').textContent()) ?? '';
    await page.getByLabel('Description').fill('Replacing the shut-off valve');
    await page.getByRole('button', { name: 'Start Timer' }).click();
    await waitForToast(page, 'Timer started successfully');

    // The start form is hidden while the timer runs; the clock shows hours and minutes.
    await page.getByRole('button', { name: 'Stop' }).waitFor();
    expect(await page.getByRole('button', { name: 'Start Timer' }).count()).toBe(0);
    expect(await page.getByTestId('timer-duration').textContent()).toMatch(/^0h 0\dm$/);
    const active = await apiJson<TimeEntry>(page, '/api/time-entries/active');
    expect(active).toMatchObject({ isActive: true, employeeName: 'Morgan Manager', description: 'Replacing the shut-off valve' });
    expect(chosen).toContain(active.workOrderTitle);

    // A second tab sees the same running timer (polled every second) and a second start is refused.
    const second = await context.newPage();
    await second.goto('/time-tracking');
    await second.getByRole('button', { name: 'Stop' }).waitFor();
    const again = await page.request.post('/api/time-entries', { data: { workOrderId: active.workOrderId } });
    expect(again.status()).toBe(409);
    await page.screenshot({ path: '/tmp/shots/time-tracking-running.png', fullPage: true });

    await page.getByRole('button', { name: 'Stop' }).click();
    await waitForToast(page, 'Timer stopped successfully');
    await page.getByRole('button', { name: 'Start Timer' }).waitFor();
    // The other tab notices within its next poll.
    await second.getByRole('button', { name: 'Start Timer' }).waitFor({ timeout: 5_000 });

    const entries = await apiJson<TimeEntry[]>(page, `/api/time-entries?q=${encodeURIComponent('shut-off valve')}`);
    const stopped = entries.find((e) => e.id === active.id);
    expect(stopped).toMatchObject({ isActive: false, employeeName: 'Morgan Manager' });
    expect(stopped?.endTime).not.toBeNull();
    await page.getByRole('searchbox', { name: 'Search time entries' }).fill('shut-off valve');
    await page.getByRole('cell', { name: 'Replacing the shut-off valve' }).waitFor();
    await context.close();
  });

  it('pages the entries table and fits a phone', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    await page.goto('/time-tracking');
    const pager = page.getByRole('navigation', { name: 'Pages' });
    await pager.getByText(/^Showing 1–25 of \d+$/).waitFor();
    await pager.getByRole('button', { name: 'Next' }).click();
    await pager.getByText(/^Showing 26–/).waitFor();
    await context.close();

    const phone = await signedInPage(browser, 'admin@example.com', PHONE);
    await phone.page.goto('/time-tracking');
    await phone.page.getByRole('button', { name: 'Start Timer' }).waitFor();
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.page.screenshot({ path: '/tmp/shots/time-tracking-phone.png', fullPage: true });
    await phone.context.close();
  });
});
