// Every list has its export (docs/rules/data-exchange.md#list-exports), so a new list cannot forget one: each GET route
// that pages a list (X-Total-Count in the API document) has `GET <list>/export` beside it, with the list's permission,
// the list's own query without its paging, and a CSV or XLSX answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/** Lists without an export, and why. */
const NOT_EXPORTED: Record<string, string> = {
  '/api/payment-processors': "the super user's processor settings: a handful of rows around sealed keys, not records to take away",
  '/api/message-templates': 'the texts the New Message dialog starts from, edited in place; not a record list',
  '/api/conversations': 'the SMS inbox: threads read and answered in place; the messages sent are in the messages export',
  '/api/imports': 'the history of spreadsheet uploads; what they brought in is exported from its own list',
  '/api/accounting/exports': 'the history of accounting exports, each of them a file to download already',
  '/api/api-keys': "the organization's API keys: names and prefixes of secrets, not records to take away",
  '/api/webhook-endpoints/{id}/deliveries': "one endpoint's delivery log, read in place to retry a delivery",
};

interface Operation {
  parameters?: { in: string; name: string }[];
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema: { format?: string } }> }>;
}

let t: TestApp;
let paths: Record<string, Record<string, Operation>>;
beforeAll(async () => {
  t = await createTestApp();
  paths = (await t.call({ url: '/api/docs/json' })).json().paths;
});
afterAll(async () => {
  await t?.close();
});

const queryOf = (op: Operation | undefined) => (op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
const lists = () => Object.keys(paths).filter((path) => paths[path]?.get?.responses['200']?.headers?.['X-Total-Count']);

describe('list exports', () => {
  it('finds the lists: every screen list pages through X-Total-Count', () => {
    expect(lists()).toEqual(expect.arrayContaining(['/api/customers', '/api/invoices', '/api/work-orders', '/api/payments', '/api/vendor-payments', '/api/admin/audit-log']));
    for (const path of Object.keys(NOT_EXPORTED)) expect(lists(), `${path} is no list any more: drop it from NOT_EXPORTED`).toContain(path);
  });

  it('gives every list an export with its permission, its query without paging plus format, answering CSV or XLSX', () => {
    for (const path of lists()) {
      const exportPath = `${path}/export`;
      const op = paths[exportPath]?.get;
      if (path in NOT_EXPORTED) {
        expect(op, `${exportPath}: listed as not exported`).toBeUndefined();
        continue;
      }
      expect(op, `${exportPath} is missing: every list exports (or say why in NOT_EXPORTED)`).toBeDefined();
      expect(Object.keys(op!.responses['200']?.content ?? {}).sort(), exportPath).toEqual(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv']);
      const listQuery = queryOf(paths[path]!.get).filter((name) => !['limit', 'offset', 'after'].includes(name));
      expect(queryOf(op).sort(), exportPath).toEqual([...listQuery, 'format'].sort());
      const route = (url: string) => t.routes.find((r) => r.method === 'GET' && r.url === url);
      expect(route(exportPath)?.access, `${exportPath} access`).toEqual(route(path)?.access);
    }
  });
});
