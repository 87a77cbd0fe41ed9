import { describe, expect, it, vi } from 'vitest';
import { memoPerDatabase } from '../../src/lib/cache/shared-cache.ts';
import type { Database } from '../../src/lib/db/index.ts';

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
