/**
 * Starts the built server (dist/server/entry.mjs) in a child process on a free port with its
 * own database, for API tests that exercise the real HTTP stack (middleware, envelopes, headers).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createPostgresDatabase, directUrl, pooledRun, type TestDatabaseKind } from './database.ts';
import { TEST_MEDIA_DIR } from './media.ts';
import { TEST_ZONES_FILE } from './zones.ts';

export interface RunningServer {
  baseUrl: string;
  /** The server's process (the cluster primary when it runs workers). */
  pid: number;
  /** Resolves with the process's exit code (null when a signal ended it) once it exits. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Starts the server with the given extra environment and waits for /readyz (or, with
 * `waitFor: 'healthz'`, only until it listens: for a server whose database is down). With
 * `logs`, every line the server writes (stdout and stderr) is appended to it instead of shown.
 * In the pooled run a server on PostgreSQL reaches it through PgBouncer (DB_SESSION_SETTINGS=role)
 * and migrates on a direct connection (DATABASE_MIGRATION_URL).
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { waitFor?: 'readyz' | 'healthz'; logs?: string[] } = {},
): Promise<RunningServer> {
  // TEST_SERVER_DIST tests another build folder than dist/.
  const dist = process.env.TEST_SERVER_DIST || 'dist';
  const entry = path.resolve(dist, 'server/entry.mjs');
  if (!existsSync(entry)) throw new Error('No build found: run `npm run build` before the API tests (npm test does).');
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.TEST_SERVER_LOG_LEVEL ?? 'warn',
      PGLITE_DATA_DIR: 'memory://',
      DATABASE_URL: '',
      ASTRO_NODE_LOGGING: 'disabled',
      // Tests give each client its own address through X-Forwarded-For, from loopback: the
      // test process is the servers' trusted proxy.
      TRUSTED_PROXIES: '127.0.0.1,::1',
      // Tests read the demo codes (demo_otp): demo mode by name. Pass DEMO_MODE: '' to test
      // production (no SMS sender, no test payments, no demo data unless asked).
      DEMO_MODE: 'true',
      // One server serves a whole run's sign-ups, staff's included (the demo staff's numbers share
      // one block of 100); the SMS budget and the per-block limit are tested on servers of their own.
      SMS_BUDGET_PER_HOUR: '1000000',
      SMS_BUDGET_PER_DAY: '1000000',
      SMS_PREFIX_LIMIT: '1000000',
      // A test server stops at once (no drain) and opens no metrics port (many run side by side);
      // the drain and metrics tests ask for them.
      SHUTDOWN_DRAIN_SECONDS: '0',
      METRICS_PORT: '0',
      // One process per server unless a test asks for cluster workers (PostgreSQL only).
      WEB_CONCURRENCY: '1',
      // Demo mode starts the payment simulator: each server gets its own port for it.
      PAYMENT_SIMULATOR_PORT: String(await freePort()),
      // The tests' fixed delivery zones, whichever process starts the server (global set-up included).
      DELIVERY_ZONES_FILE: TEST_ZONES_FILE,
      // Uploaded and demo photos go to a temporary folder, never the repository's data folder.
      MEDIA_DIR: TEST_MEDIA_DIR,
      ...(pooledRun() && env.DATABASE_URL
        ? { DB_SESSION_SETTINGS: 'role', DATABASE_MIGRATION_URL: directUrl(env.DATABASE_URL) }
        : {}),
      ...env,
    },
    stdio: ['ignore', options.logs ? 'pipe' : 'inherit', options.logs ? 'pipe' : 'inherit'],
  });
  if (options.logs) {
    const logs = options.logs;
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        logs.push(...lines.filter(Boolean));
      });
    }
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  const deadline = started + 90_000;
  for (;;) {
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server at ${baseUrl} did not become ready within 90 s`);
    }
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/${options.waitFor ?? 'readyz'}`);
      if (res.ok) break;
      if (res.status === 503 && Date.now() - started > 30_000) {
        child.kill('SIGKILL');
        throw new Error(`server at ${baseUrl} is not ready: ${await res.text()}`);
      }
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    pid: child.pid!,
    exited,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Starts the server with `env` on a database of `kind`: on PGlite one process with its own
 * in-memory database; on PostgreSQL a fresh database served by two cluster workers. `stop` ends
 * the server, then drops that database (dropped also when the server fails to start).
 */
export async function startServerOn(kind: TestDatabaseKind, env: Record<string, string> = {}): Promise<RunningServer> {
  if (kind === 'pglite') return startServer(env);
  const db = await createPostgresDatabase();
  let server: RunningServer;
  try {
    server = await startServer({ ...env, DATABASE_URL: db.url, WEB_CONCURRENCY: '2' });
  } catch (err) {
    await db.drop();
    throw err;
  }
  return {
    ...server,
    stop: async () => {
      await server.stop();
      await db.drop();
    },
  };
}
