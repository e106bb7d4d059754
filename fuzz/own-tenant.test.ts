// Hostile input from callers acting inside organization A: its admin, a super user, and the super user
// impersonating A's admin. Never a 5xx, JSON errors, and never organization B's records.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { superUsers, staffOf } from './callers';
import { describeFindings, fuzzOperations, recordTotals, summary } from './fuzz-run';
import { fuzzSettings } from './settings';
import { operationKey, operationsOf, type Operation } from './openapi-operations';
import { poolsFor } from './pools';
import { buildWorld, type FuzzWorld } from './tenant-world';

let world: FuzzWorld;
let ops: Operation[];
const settings = fuzzSettings();

beforeAll(async () => {
  world = await buildWorld();
  ops = operationsOf(world.t.app);
});
afterAll(async () => {
  await world?.t.close();
});

describe('hostile input inside one organization', () => {
  it('the OpenAPI document lists every registered API route', () => {
    const documented = new Set(ops.map(operationKey));
    const missing = world.t.routes.map((r) => `${r.method} ${r.url}`).filter((k) => !documented.has(k));
    expect(missing, 'routes the fuzzer cannot see').toEqual([]);
    expect(ops.length).toBeGreaterThan(100);
  });

  it('admin A and a super user never get a 5xx, always get JSON errors, never see B', async () => {
    const callers = [staffOf(world, 'a')[0], ...superUsers(world)];
    const result = await fuzzOperations(world, ops, callers, poolsFor(world, world.a), settings);
    console.log(summary('own organization', settings, ops.length, callers, result));
    recordTotals(result.sent);
    if (result.findings.length) throw new Error(describeFindings(result.findings));
  });
});
