// Hostile input from organization B's admin, employee and customer, aimed at A's ids (serial numbers
// anyone can guess): never a 5xx, JSON errors, never one of A's records, and A's rows unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffOf } from './callers';
import { describeFindings, fuzzOperations, recordTotals, summary } from './fuzz-run';
import { fuzzSettings } from './settings';
import { operationsOf } from './openapi-operations';
import { poolsFor } from './pools';
import { snapshotChanges, tenantSnapshot, type TenantSnapshot } from './tenant-snapshot';
import { buildWorld, type FuzzWorld } from './tenant-world';

let world: FuzzWorld;
let before: TenantSnapshot;
const settings = fuzzSettings();

beforeAll(async () => {
  world = await buildWorld();
  before = await tenantSnapshot(world.t.database.db, world.a.id);
});
afterAll(async () => {
  await world?.t.close();
});

describe("hostile input from another organization's people", () => {
  it('the snapshot covers the tenant tables with rows of A', () => {
    expect(Object.keys(before).length).toBeGreaterThan(20);
    for (const table of ['customers', 'invoices', 'work_orders', 'estimates', 'payments', 'vendors', 'inventory_items', 'short_urls', 'appointments', 'messages']) {
      expect(before[table]?.rows, table).toBeGreaterThan(0);
    }
  });

  it("admin, employee and customer of B never get a 5xx, always get JSON errors, never see A's records", async () => {
    const ops = operationsOf(world.t.app);
    const callers = staffOf(world, 'b');
    const result = await fuzzOperations(world, ops, callers, poolsFor(world, world.b), settings);
    console.log(summary("other organization's people", settings, ops.length, callers, result));
    recordTotals(result.sent);
    if (result.findings.length) throw new Error(describeFindings(result.findings));
  });

  it("A's rows are exactly as they were before B's fuzzing", async () => {
    const after = await tenantSnapshot(world.t.database.db, world.a.id);
    expect(snapshotChanges(before, after)).toEqual([]);
  });
});
