// The ESLint rule of docs/ARCHITECTURE.md (Rules): features do not import each other's files. Each case lints a
// fixture line through the repository's own eslint.config.js, as `npm run lint` would, at a path it pretends to have.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: fileURLToPath(new URL('..', import.meta.url)) });

async function boundaryErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'tradebook/feature-boundaries').map((m) => m.message);
}

describe('web features do not import each other', () => {
  it('refuses another feature through the @/ alias, a relative path, a re-export and a lazy import', async () => {
    const file = 'src/web/features/invoices/components/x.tsx';
    const cases = [
      "import { useCustomers } from '@/features/customers/api/get-customers';\nexport const x = useCustomers;\n",
      "import { useCustomers } from '../../customers/api/get-customers';\nexport const x = useCustomers;\n",
      "export { useCustomers } from '@/features/customers/api/get-customers';\n",
      "export const load = () => import('@/features/work-orders/components/work-order-dialog');\n",
      "import type { Props } from '@/features/customers/components/customer-dialog';\nexport type X = Props;\n",
    ];
    for (const code of cases) {
      const errors = await boundaryErrors(code, file);
      expect(errors, code).toHaveLength(1);
      expect(errors[0]).toMatch(/^Feature 'invoices' imports feature '(customers|work-orders)': features do not import each other/);
    }
  });

  it('lets a feature import its own files, shared components and lib, and contracts', async () => {
    const code = [
      "import { useInvoices } from '@/features/invoices/api/get-invoices';",
      "import { InvoiceForm } from './invoice-form';",
      "import { useCan } from '@/lib/auth/use-can';",
      "import { ListPager } from '@/components/list-pager';",
      "import { formatMoney } from '@contracts/money';",
      'export const all = [useInvoices, InvoiceForm, useCan, ListPager, formatMoney];',
      '',
    ].join('\n');
    expect(await boundaryErrors(code, 'src/web/features/invoices/components/x.tsx')).toEqual([]);
  });

  it('refuses a feature import in components/ and lib/, and allows it in app/, which composes screens', async () => {
    const code = "import { CustomerDialog } from '@/features/customers/components/customer-dialog';\nexport const x = CustomerDialog;\n";
    expect(await boundaryErrors(code, 'src/web/components/x.tsx')).toEqual([
      "Shared code (src/web/components) imports feature 'customers': shared pieces know no feature (docs/ARCHITECTURE.md).",
    ]);
    expect(await boundaryErrors(code, 'src/web/lib/x.ts')).toHaveLength(1);
    expect(await boundaryErrors(code, 'src/web/app/routes/x.tsx')).toEqual([]);
  });
});

describe('server: invoices and customer-portal do not import each other', () => {
  it('refuses either direction, and allows both to use features/documents', async () => {
    const toPortal = "import { getPortal } from '../customer-portal/get-portal';\nexport const x = getPortal;\n";
    const toInvoices = "import { listInvoices } from '../invoices/list-invoices';\nexport const x = listInvoices;\n";
    expect(await boundaryErrors(toPortal, 'src/server/features/invoices/x.ts')).toHaveLength(1);
    expect(await boundaryErrors(toInvoices, 'src/server/features/customer-portal/x.ts')).toEqual([
      "'customer-portal' and 'invoices' do not import each other: move what they share to features/documents or platform (docs/ARCHITECTURE.md).",
    ]);
    const shared = "import { getInvoice } from '../documents/get-invoice';\nexport const x = getInvoice;\n";
    expect(await boundaryErrors(shared, 'src/server/features/invoices/x.ts')).toEqual([]);
    expect(await boundaryErrors(shared, 'src/server/features/customer-portal/x.ts')).toEqual([]);
  });
});
