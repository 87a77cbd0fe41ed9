/**
 * A PostgreSQL that is down or unreachable: with the connection refused, and with
 * packets dropped (a local socket that accepts and never answers), the API answers a 503
 * envelope with Retry-After, pages a 503 page, and /readyz 503 — each within 5 s, where the
 * old code answered 500 or hung for minutes. With TEST_DATABASE_URL, the server recovers
 * once the database answers again.
 */
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../helpers/database.ts';
import { freePort, type RunningServer, startServer } from '../helpers/server.ts';

/** The bound on an answer while the database is down: every answer within 5 s. */
const ANSWER_WITHIN_MS = 5000;

/** A TCP server on loopback that accepts connections and either forwards them or never answers. */
async function switchableProxy(target?: { host: string; port: number }) {
  let forward = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    if (!forward || !target) return; // black hole: read nothing, answer nothing
    const upstream = net.connect(target.port, target.host);
    upstream.on('error', () => socket.destroy());
    socket.pipe(upstream).pipe(socket);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    forward: () => {
      forward = true;
      for (const s of sockets) s.destroy(); // held connections are dropped; new ones go through
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

async function expectUnavailable(baseUrl: string) {
  const signal = () => AbortSignal.timeout(ANSWER_WITHIN_MS);

  const api = await fetch(`${baseUrl}/api/customer/product-categories`, { signal: signal() });
  expect(api.status).toBe(503);
  expect(Number(api.headers.get('retry-after'))).toBeGreaterThan(0);
  const body = (await api.json()) as { success: boolean; message: string };
  expect(body.success).toBe(false);
  expect(body.message).toMatch(/temporarily unavailable/i);

  for (const path of ['/', '/products']) {
    const page = await fetch(`${baseUrl}${path}`, { signal: signal() });
    expect(page.status, path).toBe(503);
    expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toMatch(/temporarily unavailable/i);
  }

  const ready = await fetch(`${baseUrl}/readyz`, { signal: signal() });
  expect(ready.status).toBe(503);
  expect(await ready.json()).toMatchObject({ status: 'not_ready', database: 'down' });
}

describe('PostgreSQL down or unreachable', () => {
  const servers: RunningServer[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    for (const cleanup of cleanups) await cleanup();
  });

  it('connection refused: 503 with Retry-After from API, pages and /readyz within 5 s', async () => {
    const closedPort = await freePort(); // nothing listens there
    const server = await startServer(
      { DATABASE_URL: `postgres://postgres@127.0.0.1:${closedPort}/farmfresh` },
      { waitFor: 'healthz' },
    );
    servers.push(server);
    await expectUnavailable(server.baseUrl);
  });

  it('packets dropped (a socket that never answers): 503 with Retry-After within 5 s', async () => {
    const hole = await switchableProxy();
    cleanups.push(hole.close);
    const server = await startServer(
      { DATABASE_URL: `postgres://postgres@127.0.0.1:${hole.port}/farmfresh` },
      { waitFor: 'healthz' },
    );
    servers.push(server);
    await expectUnavailable(server.baseUrl);
    // Still bounded when several requests wait at once.
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        fetch(`${server.baseUrl}/api/customer/product-categories`, { signal: AbortSignal.timeout(ANSWER_WITHIN_MS) }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(503));
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'recovers by itself once the database answers again',
    async () => {
      const { url, drop } = await createPostgresDatabase();
      cleanups.push(drop);
      const real = new URL(url);
      const proxy = await switchableProxy({ host: real.hostname, port: Number(real.port || 5432) });
      cleanups.unshift(proxy.close);
      const viaProxy = new URL(url);
      viaProxy.host = `127.0.0.1:${proxy.port}`;
      const server = await startServer({ DATABASE_URL: viaProxy.toString() }, { waitFor: 'healthz' });
      servers.push(server);
      await expectUnavailable(server.baseUrl);

      proxy.forward();
      let ready = 0;
      for (let attempt = 0; attempt < 120 && ready !== 200; attempt++) {
        ready = (await fetch(`${server.baseUrl}/readyz`)).status;
        if (ready !== 200) await new Promise((r) => setTimeout(r, 500));
      }
      expect(ready).toBe(200);
      const api = await fetch(`${server.baseUrl}/api/customer/product-categories`);
      expect(api.status).toBe(200);
      expect(((await api.json()) as { success: boolean }).success).toBe(true);
    },
    90_000,
  );
});
