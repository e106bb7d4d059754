// Saves PNGs of Import data (docs/rules/data-exchange.md#imports) at desktop (1280) and phone (390) width for a visual
// check: the Customers list's Import button, the empty screen, a Jobber export with problems (mapping, preview, problem
// list), the corrected file ready to import, the result, and a super user's choice of organization: `npx tsx e2e/screenshots-imports.ts` (into
// /tmp/shots/imports, or OUT_DIR). Uses BASE_URL when given (a running app), else starts one with fresh demo data.
import type { Page } from 'playwright-core';
import { runScreenshots } from './fixtures/screenshots';

const TAG = Date.now().toString(36).toUpperCase();
const HEADER = 'J-ID,Display Name,Company Name,First Name,Last Name,Main Phone #s,E-mails,Billing Street 1,Billing Street 2,Billing City,Billing State,Billing Zip code,Mobile Phone #s,Service Street 1';

function file(name: string, bad: boolean, suffix: string) {
  const rows = [
    HEADER,
    `1,Maria Gonzalez ${TAG}${suffix},,Maria,Gonzalez,+1 (217) 555-0142,maria.${TAG}${suffix}@example.com,14 Elm Street,Apt 2,Springfield,IL,62704,,14 Elm Street`,
    `2,Acme Property Management ${TAG}${suffix},Acme Property Management,Dan,Whitaker,217-555-0110,${bad ? 'office at acme' : `office.${TAG}${suffix}@example.com`},200 Main St,Suite 400,Springfield,IL,62701-1234,,200 Main St`,
    `3,Tom O'Brien ${TAG}${suffix},,Tom,O'Brien,,tom.${TAG}${suffix}@example.com,8 Lake Rd,,Chatham,IL,${bad ? 'K1A 0B1' : '62629'},2175550123,8 Lake Rd`,
    `4,Zoë Park ${TAG}${suffix},,Zoë,Park,(217) 555-0177,zoe.${TAG}${suffix}@example.com,1 Oak Ave,,Springfield,IL,62702,,1 Oak Ave`,
  ];
  return { name, mimeType: 'text/csv', buffer: Buffer.from(`${rows.join('\r\n')}\r\n`) };
}

async function choose(page: Page, f: ReturnType<typeof file>) {
  await page.getByLabel('Spreadsheet file').setInputFiles(f);
  await page.getByTestId('import-file').filter({ hasText: f.name }).waitFor();
  await page.getByTestId('import-counts').getByText('The import will create').waitFor();
}

runScreenshots('/tmp/shots/imports', async (shots) => {
  await shots.atBothWidths(async (page, suffix) => {
    await page.goto('/customers');
    await page.getByRole('link', { name: 'Import' }).waitFor();
    await shots.shoot(page, `customers-import-button-${suffix}`);
    await page.getByRole('link', { name: 'Import' }).click();
    await page.getByTestId('import-drop-zone').waitFor();
    await shots.shoot(page, `import-empty-${suffix}`, true);

    await choose(page, file('jobber-clients.csv', true, suffix));
    await page.getByTestId('import-problems').waitFor();
    await shots.shoot(page, `import-problems-${suffix}`, true);
    await shots.shootElement(page, page.getByTestId('import-problems'), `import-problem-list-${suffix}`);

    await page.getByRole('button', { name: 'Choose another file' }).click();
    await choose(page, file('jobber-clients-fixed.csv', false, suffix));
    await shots.shoot(page, `import-ready-${suffix}`, true);
    await page.getByRole('button', { name: /^Import \d/ }).click();
    await page.getByTestId('import-result').waitFor();
    await shots.shoot(page, `import-result-${suffix}`, true);
  }, 'manager@example.com');
  // A super user first chooses the organization the records go to.
  await shots.atBothWidths(async (page, suffix) => {
    await page.goto('/imports?kind=vendors');
    await page.getByLabel('Organization').selectOption({ label: 'Demo Home Services' });
    await page.getByTestId('import-drop-zone').waitFor();
    await shots.shoot(page, `import-super-user-${suffix}`);
  }, 'super@example.com');
});
