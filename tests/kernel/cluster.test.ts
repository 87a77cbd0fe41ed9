/**
 * On PostgreSQL the server runs WEB_CONCURRENCY `node:cluster` workers sharing the port (default
 * one per CPU), seeds a new demo database from one of them, replaces a worker that dies, and stops
 * them all on SIGTERM; on PGlite it always runs one process, whatever WEB_CONCURRENCY says,
 * because one process owns the data folder.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../helpers/database.ts';
import { startServer } from '../helpers/server.ts';

/** Pids whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(check: () => boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('server processes', () => {
  it('runs one process on PGlite even when WEB_CONCURRENCY asks for more', async () => {
    const server = await startServer({ WEB_CONCURRENCY: '4' });
    try {
      expect((await fetch(`${server.baseUrl}/about`)).status).toBe(200);
      expect(childrenOf(server.pid)).toEqual([]);
    } finally {
      await server.stop();
    }
  });

  describe.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL', () => {
    let drop: (() => Promise<void>) | undefined;
    afterAll(async () => drop?.());

    it('serves from WEB_CONCURRENCY workers, replaces one that dies, and stops them all on SIGTERM', async () => {
      const created = await createPostgresDatabase();
      drop = created.drop;
      const logs: string[] = [];
      const server = await startServer(
        { DATABASE_URL: created.url, WEB_CONCURRENCY: '2', LOG_LEVEL: 'info' },
        { logs },
      );
      const workers = childrenOf(server.pid);
      expect(workers).toHaveLength(2);
      const pages = await Promise.all(
        Array.from({ length: 20 }, (_, i) => fetch(`${server.baseUrl}/product/${(i % 5) + 1}`).then((r) => r.status)),
      );
      expect(pages.every((s) => s === 200)).toBe(true);
      // Both workers found the new database empty; one seeded the demo shop.
      expect(logs.filter((line) => line.includes('seeded the demo shop'))).toHaveLength(1);

      process.kill(workers[0]!, 'SIGKILL');
      await until(() => childrenOf(server.pid).length === 2 && !childrenOf(server.pid).includes(workers[0]!));
      expect(
        await fetch(`${server.baseUrl}/readyz`).then(
          (r) => r.status,
          () => 0,
        ),
      ).toBe(200);

      const now = childrenOf(server.pid);
      await server.stop();
      expect(alive(server.pid)).toBe(false);
      await until(() => now.every((pid) => !alive(pid)));
    }, 60_000);
  });
});
