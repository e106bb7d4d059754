import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseURL, launchBrowser, newPage } from './fixtures/browser';
import { latestOutboxId, readCode, requestCode } from './fixtures/sign-in';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('login screen', () => {
  it('validates the email before sending anything and points to the dev outbox', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('button', { name: 'How It Works' }).click();
    await page.getByText('We e-mail you a 6-digit verification code', { exact: false }).waitFor();
    await page.getByTestId('dev-outbox-note').getByRole('link', { name: '/dev/outbox' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'Send verification code' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await context.close();
  });

  it('offers Try a different email and Create account when no account exists', async () => {
    const { context, page } = await newPage(browser);
    await requestCode(page, baseURL(), 'nobody@example.com');
    const alert = page.getByTestId('account-not-found');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('nobody@example.com');

    await alert.getByRole('button', { name: 'Try a different email' }).click();
    await alert.waitFor({ state: 'detached' });
    await page.getByLabel('Email', { exact: true }).waitFor();

    await page.getByLabel('Email', { exact: true }).fill('nobody@example.com');
    await page.getByRole('button', { name: 'Send verification code' }).click();
    await alert.getByRole('link', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/register');
    await context.close();
  });

  it('rejects a wrong code with an Invalid code toast and lets the user change the email', async () => {
    const { context, page } = await newPage(browser);
    await requestCode(page, baseURL(), 'manager@example.com');
    await page.getByText('Check your email for the verification code', { exact: true }).waitFor();
    const code = page.getByLabel('Verification code');
    await code.fill('12345');
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.getByText('Verification code must be 6 digits').waitFor();
    expect(await code.getAttribute('maxlength')).toBe('6');

    await code.fill('000000');
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.getByText('Invalid code', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Use different email' }).click();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('manager@example.com');
    await context.close();
  });
});

describe('register screen', () => {
  it('validates names, creates the guest only once the e-mailed code comes back, signs them in where a guest lands', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/org/bright-smiles');
    await page.getByRole('link', { name: 'create an account' }).click();
    await page.waitForURL((url) => url.pathname === '/register' && url.searchParams.get('org') === 'bright-smiles');
    await page.getByLabel('First name').fill('J');
    await page.getByLabel('Last name').fill('D');
    await page.getByLabel('Email', { exact: true }).fill('jamie.doe@example.com');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('First name must be at least 2 characters').waitFor();
    await page.getByText('Last name must be at least 2 characters').waitFor();

    await page.getByLabel('First name').fill('Jamie');
    await page.getByLabel('Last name').fill('Doe');
    const afterId = await latestOutboxId(baseURL());
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Check your email for the verification code', { exact: true }).waitFor();
    await page.getByText('jamie.doe@example.com', { exact: true }).waitFor();
    await page.getByTestId('dev-outbox-note').waitFor();

    // No account exists before the code comes back: signing in finds none.
    const other = await newPage(browser);
    await requestCode(other.page, baseURL(), 'jamie.doe@example.com');
    await other.page.getByTestId('account-not-found').waitFor();
    await other.context.close();

    const code = await readCode(baseURL(), 'jamie.doe@example.com', afterId);
    await page.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify and create account' }).click();
    await page.getByText('Invalid code', { exact: true }).waitFor();
    expect(await page.getByText('Invalid verification code').count()).toBeGreaterThan(0);

    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify and create account' }).click();
    await page.getByText('Registration successful', { exact: true }).waitFor();
    // Guests never see the shell: they land on the organization they registered with.
    await page.waitForURL((url) => url.pathname === '/org/bright-smiles', { timeout: 15_000 });
    await page.getByText('Welcome, Jamie').waitFor();
    expect(await page.getByRole('link', { name: 'My account' }).count()).toBe(0);
    await context.close();

    // A second registration with the same address is refused with the server's message.
    const again = await newPage(browser);
    await again.page.goto('/register');
    await again.page.getByLabel('First name').fill('Jamie');
    await again.page.getByLabel('Last name').fill('Doe');
    await again.page.getByLabel('Email', { exact: true }).fill('jamie.doe@example.com');
    await again.page.getByRole('button', { name: 'Create account' }).click();
    await again.page.getByText('Registration failed', { exact: true }).waitFor();
    await again.page.getByText('An account with this email already exists', { exact: true }).waitFor();
    await again.context.close();
  });

  it('goes back to the form to change details and sends a new code on request', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/register');
    await page.getByLabel('First name').fill('Robin');
    await page.getByLabel('Last name').fill('Typo');
    await page.getByLabel('Email', { exact: true }).fill('robin.typo@example.com');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByLabel('Verification code').waitFor();

    await page.getByRole('button', { name: 'Change details' }).click();
    expect(await page.getByLabel('First name').inputValue()).toBe('Robin');
    await page.getByLabel('Email', { exact: true }).fill('robin.right@example.com');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('robin.right@example.com', { exact: true }).waitFor();

    const afterId = await latestOutboxId(baseURL());
    await page.getByRole('button', { name: 'Send a new code' }).click();
    const code = await readCode(baseURL(), 'robin.right@example.com', afterId);
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify and create account' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/org/'), { timeout: 15_000 });
    await context.close();
  });
});
