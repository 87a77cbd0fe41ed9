/**
 * Vitest global setup: builds the site when the build is missing or stale (so `npx vitest`
 * needs no prior `npm run build`), then starts one server on in-memory PGlite, plus one on a
 * fresh PostgreSQL database when TEST_DATABASE_URL is set. Tests read the base URLs with
 * `inject('servers')`. The pooled run (vitest.pooled.config.ts) starts only the PostgreSQL one,
 * through PgBouncer, with two cluster workers.
 */
import type { TestProject } from 'vitest/node';
import { ensureBuild } from '../../scripts/ensure-build.ts';
import { createPostgresDatabase, pooledRun } from './database.ts';
import { type RunningServer, startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of a running server per database kind. */
    servers: { kind: 'pglite' | 'postgres'; baseUrl: string }[];
  }
}

export default async function setup(project: TestProject) {
  if (!process.env.TEST_SERVER_DIST) ensureBuild({ quiet: true });
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
