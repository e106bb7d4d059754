// The counter step as SQL inside another statement numbers exactly as nextDocumentNumber and formatDocumentNumber do,
// past five digits too, and a statement that fails takes its number back with it.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database } from '../../db/client';
import { numberCounters, organizations } from '../../db/schema/index';
import { openTestDatabase } from '../../test/test-database';
import { formatDocumentNumber, nextDocumentNumber, nextDocumentNumberSql } from './next-number';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('nextDocumentNumberSql', () => {
  it('numbers on from nextDocumentNumber, formatted the same, past 99,999 too', async () => {
    const [org] = await database.db.insert(organizations).values({ name: 'Numbers', slug: `numbers-${Date.now()}` }).returning();
    const next = async () => (await rowsOf<{ formatted: string }>(database.db, sql`with n as (${nextDocumentNumberSql(org!.id, 'invoice')}) select formatted from n`))[0]!.formatted;
    expect(await next()).toBe('INV-00001');
    expect(await nextDocumentNumber(database.db, org!.id, 'invoice')).toBe('INV-00002');
    expect(await next()).toBe(formatDocumentNumber('invoice', 3));
    await database.db.update(numberCounters).set({ currentNumber: 99_998 }).where(eq(numberCounters.organizationId, org!.id));
    expect(await next()).toBe('INV-99999');
    expect(await next()).toBe(formatDocumentNumber('invoice', 100_000));
    expect(await next()).toBe('INV-100001');
    // A statement that fails after taking a number rolls it back: the next one gets it.
    await expect(rowsOf(database.db, sql`with n as (${nextDocumentNumberSql(org!.id, 'invoice')}) select 1 / 0 from n`)).rejects.toThrow();
    expect(await next()).toBe('INV-100002');
  });
});
