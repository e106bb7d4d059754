import { describe, expect, it } from 'vitest';
import { cachedRead, invalidateReads } from './read-cache';

describe('read cache', () => {
  it('shares one load between callers until the TTL or a write', async () => {
    const db = {};
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cachedRead(db, 'k', load), cachedRead(db, 'k', load)])).toEqual([1, 1]);
    expect(await cachedRead(db, 'k', load)).toBe(1);
    invalidateReads(db);
    expect(await cachedRead(db, 'k', load)).toBe(2);
    expect(await cachedRead(db, 'expired', load, -1)).toBe(3);
    expect(await cachedRead(db, 'expired', load)).toBe(4);
    expect(await cachedRead({}, 'k', load)).toBe(5);
  });

  it('does not keep a value loaded across a write, nor a failed load', async () => {
    const db = {};
    let release!: (n: number) => void;
    const pending = cachedRead(db, 'k', () => new Promise<number>((r) => (release = r)));
    invalidateReads(db);
    release(1);
    expect(await pending).toBe(1);
    expect(await cachedRead(db, 'k', async () => 2)).toBe(2);
    await expect(cachedRead(db, 'f', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cachedRead(db, 'f', async () => 3)).toBe(3);
  });
});
