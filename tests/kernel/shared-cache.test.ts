import { describe, expect, it, vi } from 'vitest';
import { memoPerDatabase, memoPerDatabaseKeyed } from '#lib/cache/shared-cache.ts';
import type { Database } from '#lib/db/index.ts';

describe('memoPerDatabase', () => {
  it('reuses a load per database until it expires, and retries after a failure', async () => {
    vi.useFakeTimers();
    try {
      const dbA = {} as Database;
      const dbB = {} as Database;
      let calls = 0;
      const load = memoPerDatabase(1000, async () => ++calls);
      expect(await load(dbA)).toBe(1);
      expect(await load(dbA)).toBe(1);
      expect(await load(dbB)).toBe(2);
      vi.advanceTimersByTime(1001);
      expect(await load(dbA)).toBe(3);

      let fail = true;
      const flaky = memoPerDatabase(1000, async () => {
        if (fail) throw new Error('down');
        return 'ok';
      });
      await expect(flaky(dbA)).rejects.toThrow('down');
      fail = false;
      expect(await flaky(dbA)).toBe('ok');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('memoPerDatabaseKeyed', () => {
  it('reuses a load per database and key until it expires, keeps at most maxKeys, and retries after a failure', async () => {
    vi.useFakeTimers();
    try {
      const db = {} as Database;
      const calls: string[] = [];
      const load = memoPerDatabaseKeyed(1000, 2, async (_db, key: string) => {
        calls.push(key);
        return `${key}:${calls.length}`;
      });
      expect(await load(db, 'a')).toBe('a:1');
      expect(await load(db, 'a')).toBe('a:1');
      expect(await load(db, 'b')).toBe('b:2');
      // A third key pushes out the oldest.
      expect(await load(db, 'c')).toBe('c:3');
      expect(await load(db, 'a')).toBe('a:4');
      vi.advanceTimersByTime(1001);
      expect(await load(db, 'a')).toBe('a:5');

      let fail = true;
      const flaky = memoPerDatabaseKeyed(1000, 10, async (_db, key: number) => {
        if (fail) throw new Error('down');
        return key * 2;
      });
      await expect(flaky(db, 1)).rejects.toThrow('down');
      fail = false;
      expect(await flaky(db, 1)).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
