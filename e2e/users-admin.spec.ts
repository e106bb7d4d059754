import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { AuditEntry, SystemStats } from '../src/contracts/admin';
import type { User } from '../src/contracts/users';
import { launchBrowser, PHONE } from './fixtures/browser';
import { signedInPage } from './fixtures/sessions';
import { apiJson, dialogTitled } from './fixtures/records';

const SHOTS = '/tmp/shots';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/** A first name no seeded or earlier user has, so a search finds exactly the user a test made. */
const uniqueFirstName = (prefix: string) => `${prefix}${Date.now().toString(36)}`;

async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor();
}

describe('user management (/users)', () => {
  it('an organization admin adds a user to their organization and edits them', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    await page.goto('/users');
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await page.getByTestId('user-row').first().waitFor();
    // Only super users see the organization column.
    expect(await page.getByRole('columnheader').allTextContents()).toEqual(['Name', 'Email', 'Role', 'Status', 'Last Login', 'Actions']);

    await page.getByRole('button', { name: 'Add User' }).click();
    const add = dialogTitled(page, 'Add User');
    await add.waitFor();
    expect(await add.getByLabel('Organization').count()).toBe(0);
    const roleOptions = await add.getByLabel('Role').locator('option').allTextContents();
    expect(roleOptions).toEqual(['Organization Admin', 'Manager', 'Employee', 'Customer', 'Guest']);
    expect(await add.getByLabel('Role').inputValue()).toBe('employee');

    await add.getByRole('button', { name: 'Add User' }).click();
    await add.getByText('First name is required').waitFor();
    await add.getByText('Last name is required').waitFor();
    await add.getByText('Invalid email address').waitFor();

    const first = uniqueFirstName('Quinn');
    const email = `${first}.Tester@Example.com`;
    await add.getByLabel('First Name').fill(first);
    await add.getByLabel('Last Name').fill('Tester');
    await add.getByLabel('Email').fill(email);
    await add.getByLabel('Role').selectOption({ label: 'Manager' });
    await page.screenshot({ path: `${SHOTS}/users-add-desktop.png` });
    const created = page.waitForResponse((r) => r.url().endsWith('/api/users') && r.request().method() === 'POST');
    await add.getByRole('button', { name: 'Add User' }).click();
    const body = (await (await created).json()) as User;
    expect(body).toMatchObject({ email: email.toLowerCase(), role: 'manager', organizationName: 'Demo Home Services', isActive: true });
    await toast(page, 'User created successfully');
    await add.waitFor({ state: 'detached' });

    // The same address again is refused with the server's message under the field.
    await page.getByRole('button', { name: 'Add User' }).click();
    const again = dialogTitled(page, 'Add User');
    await again.getByLabel('First Name').fill('Dup');
    await again.getByLabel('Last Name').fill('Licate');
    await again.getByLabel('Email').fill(email.toUpperCase());
    await again.getByRole('button', { name: 'Add User' }).click();
    await toast(page, 'Failed to create user');
    await again.getByText('A user with this email address already exists').first().waitFor();
    await again.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('searchbox', { name: 'Search users...' }).fill(first);
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(1);
    const row = page.getByTestId('user-row').filter({ hasText: first });
    expect(await row.textContent()).toContain('Manager');
    expect(await row.textContent()).toContain('Active');
    expect(await row.textContent()).toContain('Never');

    await row.getByRole('button', { name: `Edit ${first} Tester` }).click();
    const edit = dialogTitled(page, 'Edit User');
    await edit.waitFor();
    expect(await edit.getByLabel('Email').inputValue()).toBe(email.toLowerCase());
    await edit.getByLabel('Last Name').fill('Edited');
    await edit.getByLabel('Role').selectOption({ label: 'Employee' });
    await edit.getByLabel('Active', { exact: true }).uncheck();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'User updated successfully');
    await edit.waitFor({ state: 'detached' });
    const edited = page.getByTestId('user-row').filter({ hasText: `${first} Edited` });
    await edited.waitFor();
    expect(await edited.textContent()).toContain('Employee');
    expect(await edited.textContent()).toContain('Inactive');

    // Their own account: the role and the active flag are fixed.
    await page.getByRole('searchbox', { name: 'Search users...' }).fill('admin@example.com');
    await page.getByTestId('user-row').filter({ hasText: 'Alex Admin' }).getByRole('button', { name: 'Edit Alex Admin' }).click();
    const self = dialogTitled(page, 'Edit User');
    expect(await self.getByLabel('Role').isDisabled()).toBe(true);
    expect(await self.getByLabel('Active', { exact: true }).isDisabled()).toBe(true);
    await self.getByText('You cannot change your own role.').waitFor();
    await self.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('searchbox', { name: 'Search users...' }).fill('');
    await expect.poll(() => page.getByTestId('user-row').count()).toBeGreaterThan(1);
    await page.screenshot({ path: `${SHOTS}/users-desktop.png`, fullPage: true });
    await context.close();

    const phone = await signedInPage(browser, 'admin@example.com', PHONE);
    await phone.page.goto('/users');
    await phone.page.getByTestId('user-card').first().waitFor();
    await phone.page.screenshot({ path: `${SHOTS}/users-phone.png`, fullPage: true });
    await phone.page.getByRole('button', { name: 'Add User' }).click();
    await dialogTitled(phone.page, 'Add User').waitFor();
    await phone.page.screenshot({ path: `${SHOTS}/users-add-phone.png` });
    await phone.context.close();
  });
});

describe('super user administration (/super-admin)', () => {
  it('shows the real figures, creates a user, changes a role with the selector and finds both in the audit log', async () => {
    const { context, page } = await signedInPage(browser, 'super@example.com');
    await page.goto('/super-admin');
    await page.getByRole('heading', { name: 'Super User Administration', level: 1 }).waitFor();
    await page.getByTestId('stat-system-health-value').waitFor();
    const stats = await apiJson<SystemStats>(page, '/api/admin/system-stats');
    expect(await page.getByTestId('stat-total-users-value').textContent()).toBe(stats.totalUsers.toLocaleString('en-US'));
    expect(await page.getByTestId('stat-organizations-value').textContent()).toBe(stats.totalOrganizations.toLocaleString('en-US'));
    expect(stats.activeSessions).toBeGreaterThanOrEqual(1);
    expect(await page.getByTestId('stat-active-sessions-value').textContent()).toBe(stats.activeSessions.toLocaleString('en-US'));
    expect(await page.getByTestId('stat-system-health-value').textContent()).toBe(stats.systemHealth.status);
    expect(stats.systemHealth.checks.map((c) => c.id)).toEqual(['database', 'migrations', 'outbox', 'reminders']);
    for (const failing of stats.systemHealth.checks.filter((c) => !c.ok)) {
      expect(await page.getByTestId('stat-system-health').textContent()).toContain(failing.detail);
    }

    // The super user's own row: no impersonation, and the role cannot be changed.
    const own = page.locator('[data-testid="admin-user-row"][data-email="super@example.com"]');
    expect(await own.getByRole('button', { name: 'Impersonate' }).count()).toBe(0);
    expect(await own.getByTestId('role-select').isDisabled()).toBe(true);
    expect(await own.locator('[data-role="super_user"]').count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/super-admin-desktop.png`, fullPage: true });

    await page.getByRole('button', { name: 'Create User' }).click();
    const dialog = dialogTitled(page, 'Create User');
    await dialog.waitFor();
    const first = uniqueFirstName('Rory');
    await dialog.getByLabel('First Name').fill(first);
    await dialog.getByLabel('Last Name').fill('Rolechange');
    await dialog.getByLabel('Email').fill(`${first}@example.com`);
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await dialog.getByText('Role is required').waitFor();
    await dialog.getByLabel('Role').selectOption({ label: 'Manager' });
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await dialog.getByText('Organization selection is required for non-customer users').waitFor();
    await dialog.getByLabel('Organization').selectOption({ label: 'Bright Smiles Dental' });
    await page.screenshot({ path: `${SHOTS}/super-admin-create-desktop.png` });
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await toast(page, 'User created successfully');
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('searchbox', { name: 'Search users...' }).fill(first);
    const row = page.locator(`[data-testid="admin-user-row"][data-email="${first.toLowerCase()}@example.com"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('Bright Smiles Dental');
    expect(await row.locator('[data-role="manager"]').count()).toBe(1);
    await row.getByRole('combobox', { name: `Role of ${first} Rolechange` }).selectOption({ label: 'Organization Admin' });
    await page.getByTestId('role-change-dialog').getByRole('button', { name: 'Change role' }).click();
    await toast(page, 'User role updated successfully');
    await row.locator('[data-role="org_admin"]').waitFor();
    expect(await row.getByRole('button', { name: 'Impersonate' }).count()).toBe(1);

    await page.getByRole('tab', { name: 'Audit Log' }).click();
    const newest = page.getByTestId('audit-entry').first();
    await newest.waitFor();
    const entries = await apiJson<AuditEntry[]>(page, '/api/admin/audit-log?limit=2');
    expect(entries.map((e) => e.action)).toEqual(['user.role_change', 'user.create']);
    const text = (await newest.textContent()) ?? '';
    expect(text).toContain('Changed role');
    expect(text).toContain(`${first.toLowerCase()}@example.com`);
    expect(text).toContain('Role: Manager → Organization Admin');
    expect(text).toContain('Sam Super');
    expect(text).toContain('Bright Smiles Dental');
    expect(await page.getByTestId('audit-entry').nth(1).textContent()).toContain('Created user');
    await page.screenshot({ path: `${SHOTS}/super-admin-audit-desktop.png`, fullPage: true });
    await page.getByLabel('Filter by action').selectOption({ label: 'Impersonation' });
    await expect.poll(() => page.getByTestId('audit-entry').filter({ hasText: 'Changed role' }).count()).toBe(0);
    await context.close();

    const phone = await signedInPage(browser, 'super@example.com', PHONE);
    await phone.page.goto('/super-admin');
    await phone.page.getByTestId('stat-system-health-value').waitFor();
    await phone.page.getByTestId('admin-user-row').first().waitFor();
    await phone.page.screenshot({ path: `${SHOTS}/super-admin-phone.png`, fullPage: true });
    await phone.page.getByRole('tab', { name: 'Audit Log' }).click();
    await phone.page.getByTestId('audit-entry-card').first().waitFor();
    await phone.page.screenshot({ path: `${SHOTS}/super-admin-audit-phone.png`, fullPage: true });
    await phone.context.close();
  });
});
