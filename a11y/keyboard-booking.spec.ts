// The whole public booking wizard with the keyboard alone: Tab to a service and Enter, Tab into the calendar and
// arrow to the day, Enter, Tab to a time and Space, Continue, type the details, Confirm Booking, and the
// confirmation. Every focus move is checked: visible, in document order, with a focus indicator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from '../e2e/fixtures/browser';
import { freeSlot, label12h, openDayAhead, publicService } from '../e2e/fixtures/scheduling';
import { settle } from './fixtures/axe';
import { focusedStop, KeyboardUser } from './fixtures/keyboard';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function daysBetween(from: string, to: string): number {
  const utc = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

describe('booking with the keyboard only', () => {
  it('books an appointment on /schedule/demo from the service to the confirmation without the mouse', async () => {
    const { context, page } = await newPage(browser);
    const serviceName = 'AC maintenance';
    const service = await publicService(page, serviceName);
    const date = openDayAhead(9);
    const slot = await freeSlot(page, date, service.id, 0.4);
    const time = label12h(slot.time);
    const email = `keyboard-${Date.now().toString(36)}@example.com`;
    const kb = new KeyboardUser(page);

    await page.goto('/schedule/demo');
    await page.getByRole('heading', { name: 'Book Online', level: 1 }).waitFor();
    await settle(page);

    // Step 1: the service.
    await kb.tabTo((s) => s.tag === 'button' && s.name.startsWith(serviceName), `the ${serviceName} service`);
    await kb.press('Enter', 'any', () => page.getByRole('heading', { name: 'Select a date' }).waitFor());
    expect((await focusedStop(page))?.tag, 'a new step moves focus to its title').toBe('h2');

    // Step 2: into the calendar, arrows to the day, Enter; then Tab to the time and Space.
    const first = await kb.tabTo((s) => s.date !== null, 'a day of the calendar');
    let day = first.date ?? '';
    for (let i = 0; i < 60 && day !== date; i++) {
      const ahead = daysBetween(day, date);
      const stop = await kb.press(ahead >= 7 ? 'ArrowDown' : ahead > 0 ? 'ArrowRight' : 'ArrowLeft');
      day = stop?.date ?? '';
    }
    expect(day, `arrow keys reach ${date}`).toBe(date);
    await kb.press('Enter');
    const times = page.getByRole('group', { name: 'Available times' });
    await times.waitFor();
    expect(await page.locator(`button[data-date="${date}"]`).getAttribute('aria-pressed')).toBe('true');
    await kb.tabTo((s) => s.tag === 'button' && s.name === time, `the ${time} time`, { max: 80 });
    await kb.press('Space');
    expect(await times.getByRole('button', { name: time, exact: true }).getAttribute('aria-pressed')).toBe('true');
    await kb.tabTo((s) => s.tag === 'button' && s.name === 'Continue', 'Continue');
    await kb.press('Enter', 'any', () => page.getByRole('heading', { name: 'Your details' }).waitFor());

    // Step 3: the details, with a step back by Shift+Tab.
    await kb.tabTo((s) => s.tag === 'input' && s.name.startsWith('Name'), 'the Name field');
    await kb.type('Kim Keyboard');
    await kb.tabTo((s) => s.tag === 'input' && s.name.startsWith('Email'), 'the Email field');
    await kb.type(email);
    await kb.tabTo((s) => s.tag === 'input' && s.name.startsWith('Name'), 'the Name field again', { backward: true });
    expect(await page.getByRole('textbox', { name: /^Name/ }).inputValue()).toBe('Kim Keyboard');
    await kb.tabTo((s) => s.tag === 'input' && s.name.startsWith('Phone'), 'the Phone field');
    await kb.type('555-201-3344');
    await kb.tabTo((s) => s.tag === 'button' && s.name === 'Confirm Booking', 'Confirm Booking');
    const booked = page.getByRole('heading', { name: 'Your appointment is booked' });
    await kb.press('Enter', 'any', () => booked.waitFor());

    // Step 4: the confirmation.
    await page.getByText(`A confirmation email is on its way to ${email}.`).waitFor();
    const summary = (await page.locator('main').textContent()) ?? '';
    expect(summary).toContain(serviceName);
    expect(summary).toContain(time);
    expect((await focusedStop(page))?.tag, 'the confirmation moves focus to its title').toBe('h2');
    kb.expectSensibleFocus();
    await context.close();
  });
});
