// Hostile input from nobody, from broken cookies and from borrowed impersonation tokens: never a 5xx,
// JSON errors, never one of A's records, and A's rows unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strangers } from './callers';
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

describe('hostile input without valid credentials', () => {
  it("anonymous, malformed cookies and foreign impersonation tokens never get a 5xx or A's records", async () => {
    const ops = operationsOf(world.t.app);
    const callers = strangers(world, world.t.config.cookieName);
    const result = await fuzzOperations(world, ops, callers, poolsFor(world, world.b), settings);
    console.log(summary('anonymous and broken credentials', settings, ops.length, callers, result));
    recordTotals(result.sent);
    if (result.findings.length) throw new Error(describeFindings(result.findings));
  });

  it("A's rows are exactly as they were before", async () => {
    const after = await tenantSnapshot(world.t.database.db, world.a.id);
    expect(snapshotChanges(before, after)).toEqual([]);
  });
});
