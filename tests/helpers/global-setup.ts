/**
 * Vitest global setup: builds the site, as a demo build, when the build is missing or stale (so
 * `npx vitest` needs no prior `npm run build`), then starts one server on in-memory PGlite, plus one on a
 * fresh PostgreSQL database when TEST_DATABASE_URL is set. Tests read the base URLs with
 * `inject('servers')`. The pooled run (vitest.pooled.config.ts) starts only the PostgreSQL one,
 * through PgBouncer, with two cluster workers.
 */
import type { TestProject } from 'vitest/node';
import { resetConfigForTests } from '#lib/config.ts';
import { ensureBuild } from '../../scripts/ensure-build.ts';
import { createPostgresDatabase, pooledRun } from './database.ts';
import { type RunningServer, startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of a running server per database kind. */
    servers: { kind: 'pglite' | 'postgres'; baseUrl: string }[];
  }
}

/**
 * Makes dist/ a demo build, before any server starts: the tests' servers run the demo shop
 * (tests/helpers/server.ts), whose prerendered pages show the demo's seller, and so do the
 * `npm run demo` and demo `npm start` a few tests spawn, which would otherwise build dist/ again
 * under the running servers. The setting is this process's only while the build runs.
 */
function ensureDemoBuild(): void {
  const before = process.env.DEMO_MODE;
  process.env.DEMO_MODE = 'true';
  resetConfigForTests();
  try {
    ensureBuild({ quiet: true });
  } finally {
    if (before === undefined) delete process.env.DEMO_MODE;
    else process.env.DEMO_MODE = before;
    resetConfigForTests();
  }
}

export default async function setup(project: TestProject) {
  if (!process.env.TEST_SERVER_DIST) ensureDemoBuild();
  const running: RunningServer[] = [];
  const drops: (() => Promise<void>)[] = [];
  const servers: { kind: 'pglite' | 'postgres'; baseUrl: string }[] = [];
  if (!pooledRun()) {
    const lite = await startServer();
    running.push(lite);
    servers.push({ kind: 'pglite', baseUrl: lite.baseUrl });
  }
  if (process.env.TEST_DATABASE_URL) {
    const { url, drop } = await createPostgresDatabase();
    drops.push(drop);
    const pgServer = await startServer({ DATABASE_URL: url, ...(pooledRun() ? { WEB_CONCURRENCY: '2' } : {}) });
    running.push(pgServer);
    servers.push({ kind: 'postgres', baseUrl: pgServer.baseUrl });
  }
  project.provide('servers', servers);
  return async () => {
    await Promise.all(running.map((s) => s.stop()));
    for (const drop of drops) await drop();
  };
}
