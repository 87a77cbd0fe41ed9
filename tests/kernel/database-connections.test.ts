/**
 * Connections to PostgreSQL: a small pool per process (DB_POOL_MAX) whose connections name the
 * process (`application_name` farmfresh:<host>:<pid>); statement and lock timeouts in force both
 * directly (start-up parameters) and through PgBouncer in transaction mode (the role's own
 * settings, DB_SESSION_SETTINGS=role), where a server whose role lacks them refuses to start; a
 * request that meets the lock timeout answers 503, as one that meets the statement timeout; and
 * migrations as a release step (MIGRATE_ON_START=false): a server refuses to serve a schema
 * behind its build until `npm run db:migrate` has run, then serves by itself; and the job queue
 * under that release step: db:migrate creates schema pgboss, db:roles grants a web role what
 * pg-boss needs, and pg-boss started as that role without migrating runs a job.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { getConfig, resetConfigForTests } from '#lib/config.ts';
import { type DatabaseHandle, openDatabase } from '#lib/db/index.ts';
import { createScratchDatabase } from '#lib/db/scratch.ts';
import { roleSettingsProblem } from '#lib/db/session-settings.ts';
import { createPgBossRunner } from '#lib/jobs/index.ts';
import { startPgBouncer } from '../../scripts/lib/pgbouncer.ts';
import { ApiClient } from '../helpers/api.ts';
import { pooledUrl, setRoleTimeouts } from '../helpers/database.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetConfigForTests();
});

/** The configuration with `env` set, or the message it throws. */
function configWith(env: Record<string, string>): ReturnType<typeof getConfig> | string {
  Object.assign(process.env, env);
  resetConfigForTests();
  try {
    return getConfig();
  } catch (err) {
    return (err as Error).message;
  }
}

describe('database settings', () => {
  it('keeps a small pool by default and refuses a pool size out of bounds, naming the variable', () => {
    const config = configWith({});
    expect(typeof config === 'string' ? config : config.DB_POOL_MAX).toBe(5);
    expect(typeof config === 'string' ? config : config.DB_LOCK_TIMEOUT_MS).toBe(2000);
    expect(typeof config === 'string' ? config : config.MIGRATE_ON_START).toBe(true);
    expect(typeof config === 'string' ? config : config.DB_SESSION_SETTINGS).toBe('startup');
    for (const bad of ['0', '101', '2.5', 'many'])
      expect(configWith({ DB_POOL_MAX: bad }), bad).toMatch(/^Invalid configuration: DB_POOL_MAX: /);
    expect(configWith({ DB_SESSION_SETTINGS: 'pgbouncer' })).toMatch(/DB_SESSION_SETTINGS: /);
  });

  it('refuses the migration lock through a pooler: role settings need MIGRATE_ON_START=false or a direct migration URL', () => {
    const pooled = { DATABASE_URL: 'postgres://web@pooler:6432/shop', DB_SESSION_SETTINGS: 'role' };
    expect(configWith(pooled)).toMatch(
      /MIGRATE_ON_START: with DB_SESSION_SETTINGS=role \(a pooler\) the migration lock needs a direct connection/,
    );
    expect(configWith({ ...pooled, MIGRATE_ON_START: 'false' })).not.toBeTypeOf('string');
    expect(
      configWith({ ...pooled, DATABASE_MIGRATION_URL: 'postgres://owner@db:5432/shop', MIGRATE_ON_START: 'true' }),
    ).not.toBeTypeOf('string');
  });
});

/** Runs `fn` with `env` in the configuration, restoring it after. */
async function withEnv<T>(env: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  Object.assign(process.env, env);
  resetConfigForTests();
  try {
    return await fn();
  } finally {
    process.env = { ...saved };
    resetConfigForTests();
  }
}

/** The SQLSTATE of a failed query (drizzle wraps the driver's error). */
async function sqlState(query: Promise<unknown>): Promise<string | undefined> {
  try {
    await query;
    return undefined;
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    return e.code ?? e.cause?.code;
  }
}

/**
 * Through `handle`: a statement past the statement timeout is cancelled (57014), and an update
 * waiting for a row another session holds gives up after the lock timeout (55P03), well before
 * the statement timeout.
 */
async function expectTimeouts(handle: DatabaseHandle, directUrl: string, lockMs: number): Promise<void> {
  const started = Date.now();
  expect(await sqlState(handle.db.execute(sql`SELECT pg_sleep(3)`))).toBe('57014');
  expect(Date.now() - started).toBeLessThan(2500);

  const holder = new pg.Client({ connectionString: directUrl });
  await holder.connect();
  try {
    await holder.query('CREATE TABLE IF NOT EXISTS hot_row (id int PRIMARY KEY, n int NOT NULL)');
    await holder.query('INSERT INTO hot_row VALUES (1, 0) ON CONFLICT DO NOTHING');
    await holder.query('BEGIN');
    await holder.query('UPDATE hot_row SET n = n + 1 WHERE id = 1');
    const waited = Date.now();
    expect(await sqlState(handle.db.execute(sql`UPDATE hot_row SET n = n + 1 WHERE id = 1`))).toBe('55P03');
    expect(Date.now() - waited).toBeGreaterThanOrEqual(lockMs - 50);
    expect(Date.now() - waited).toBeLessThan(1500);
  } finally {
    await holder.query('ROLLBACK').catch(() => undefined);
    await holder.end();
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL', () => {
  const drops: (() => Promise<void>)[] = [];
  const servers: RunningServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    for (const drop of drops) await drop();
  });

  /** A new, empty database on TEST_DATABASE_URL's server, direct (never through the pooler). */
  async function scratch(): Promise<string> {
    const { url, drop } = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'farmfresh_conn');
    drops.push(drop);
    return url;
  }

  it('names every connection farmfresh:<host>:<pid> (the job queue farmfresh-jobs:<host>:<pid>) and keeps at most DB_POOL_MAX of them', async () => {
    const url = await scratch();
    const server = await startServer({ DATABASE_URL: url, DB_POOL_MAX: '2' });
    servers.push(server);
    const pages = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        fetch(`${server.baseUrl}${['/api/customer/product-categories', '/product/1', '/readyz'][i % 3]}`).then(
          (r) => r.status,
        ),
      ),
    );
    expect(pages.every((status) => status === 200)).toBe(true);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ application_name: string }>(
        'SELECT application_name FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      // The web pool's, and the job queue's own pool (JOB_DB_POOL_MAX, default 2) named apart.
      const name = `farmfresh:${os.hostname()}:${server.pid}`.slice(0, 63);
      const jobs = `farmfresh-jobs:${os.hostname()}:${server.pid}`.slice(0, 63);
      const web = rows.filter((r) => r.application_name === name);
      expect(web.length).toBeGreaterThanOrEqual(1);
      expect(web.length).toBeLessThanOrEqual(2);
      expect(rows.filter((r) => r.application_name === jobs).length).toBeLessThanOrEqual(2);
      expect(rows.length - web.length).toBe(rows.filter((r) => r.application_name === jobs).length);
    } finally {
      await admin.end();
    }
  }, 120_000);

  it('a request that waits for a lock past DB_LOCK_TIMEOUT_MS answers 503 with Retry-After, not 500', async () => {
    const url = await scratch();
    const server = await startServer({ DATABASE_URL: url, DB_LOCK_TIMEOUT_MS: '300' });
    servers.push(server);
    const customer = new ApiClient(server.baseUrl);
    await customer.signUp();
    expect((await customer.get('/api/customer/profile')).status).toBe(200);
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE');
      const started = Date.now();
      const blocked = await customer.get('/api/customer/profile');
      expect(blocked.status).toBe(503);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(blocked.body.message).toMatch(/temporarily unavailable/i);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end();
    }
    expect((await customer.get('/api/customer/profile')).status).toBe(200);
  }, 120_000);

  it('directly: sends the statement and lock timeouts as start-up parameters', async () => {
    const url = await scratch();
    await withEnv({ DB_STATEMENT_TIMEOUT_MS: '800', DB_LOCK_TIMEOUT_MS: '300' }, async () => {
      const handle = await openDatabase({ databaseUrl: url, maxConnections: 2 });
      try {
        await expectTimeouts(handle, url, 300);
      } finally {
        await handle.close();
      }
    });
  });

  describe.skipIf(!process.env.TEST_POOLER_URL)('through PgBouncer in transaction mode', () => {
    it('refuses the start-up parameters, so the timeouts come from the role, and are in force', async () => {
      const url = await scratch();
      const pooled = pooledUrl(url);
      // Start-up parameters: PgBouncer refuses the connection.
      const refused = await openDatabase({ databaseUrl: pooled, sessionSettings: 'startup', maxConnections: 1 });
      try {
        await expect(refused.db.execute(sql`SELECT 1`)).rejects.toThrow();
      } finally {
        await refused.close();
      }
      // The role's settings (DB_SESSION_SETTINGS=role): in force on every pooled transaction.
      await setRoleTimeouts(url, { statementMs: 800, lockMs: 300, idleInTransactionMs: 2000 });
      const handle = await openDatabase({ databaseUrl: pooled, sessionSettings: 'role', maxConnections: 2 });
      try {
        expect(await roleSettingsProblem(handle.db)).toBeUndefined();
        await expectTimeouts(handle, url, 300);
      } finally {
        await handle.close();
      }
    });

    it('a server whose role lacks the timeouts refuses to start, saying in one line what to run', async () => {
      const url = await scratch();
      const child = spawn(process.execPath, [path.resolve('dist/server/entry.mjs')], {
        env: {
          ...process.env,
          HOST: '127.0.0.1',
          PORT: '0',
          NODE_ENV: 'production',
          DEMO_MODE: '',
          DATABASE_URL: pooledUrl(url),
          DB_SESSION_SETTINGS: 'role',
          MIGRATE_ON_START: 'false',
          ASTRO_NODE_LOGGING: 'disabled',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(stderr.trim()).toMatch(
        /^FarmFresh cannot start\. Database role "\w+" has no statement_timeout, lock_timeout, idle_in_transaction_session_timeout of its own \(DB_SESSION_SETTINGS=role\): run `npm run db:roles -- --apply`/,
      );
      expect(stderr.trim().split('\n')).toHaveLength(1);
    }, 60_000);
  });

  it('MIGRATE_ON_START=false: refuses to serve a schema behind its build, then serves once db:migrate has run', async () => {
    const url = await scratch();
    const logs: string[] = [];
    const server = await startServer(
      { DATABASE_URL: url, MIGRATE_ON_START: 'false', DEMO_MODE: '', LOG_LEVEL: 'error' },
      { waitFor: 'healthz', logs },
    );
    servers.push(server);
    const ready = await fetch(`${server.baseUrl}/readyz`);
    expect(ready.status).toBe(503);
    const readiness = (await ready.json()) as { database: string; migrations: { applied: number; expected: number } };
    expect(readiness.database).toBe('up');
    expect(readiness.migrations.applied).toBe(0);
    expect(readiness.migrations.expected).toBeGreaterThan(0);
    const api = await fetch(`${server.baseUrl}/api/customer/product-categories`);
    expect(api.status).toBe(503);
    expect(Number(api.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(logs.filter((line) => line.includes('database schema is behind: run npm run db:migrate'))).toHaveLength(1);

    // The release step, as an operator runs it.
    const migrate = spawn(process.execPath, ['scripts/db-migrate.ts'], {
      env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'error' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    migrate.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    migrate.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    expect(await new Promise((resolve) => migrate.once('exit', resolve)), output).toBe(0);

    let status = 0;
    for (let attempt = 0; attempt < 60 && status !== 200; attempt++) {
      status = (await fetch(`${server.baseUrl}/readyz`)).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(200);
    const served = await fetch(`${server.baseUrl}/api/customer/product-categories`);
    expect(served.status).toBe(200);
  }, 120_000);

  /** Runs `node scripts/<script> …args` with DATABASE_URL `url`; resolves with its exit code and output. */
  async function runScript(
    script: string,
    url: string,
    args: string[] = [],
  ): Promise<{ code: unknown; output: string }> {
    const child = spawn(process.execPath, [`scripts/${script}`, ...args], {
      env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'error' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    return { code, output };
  }

  it.skipIf(!process.env.TEST_POOLER_URL)(
    'the job queue as a web role without CREATE through PgBouncer: db:migrate makes pgboss, db:roles grants it, the jobs run',
    async () => {
      const url = await scratch();
      const role = `farmfresh_conn_web_${randomBytes(3).toString('hex')}`;
      // Runs after the database's drop (which takes the role's grants and settings there with it).
      drops.push(async () => {
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        await admin.query(`DROP ROLE IF EXISTS ${role}`).finally(() => admin.end());
      });
      const migrated = await runScript('db-migrate.ts', url);
      expect(migrated.code, migrated.output).toBe(0);
      const granted = await runScript('db-roles.ts', url, ['--role', role, '--apply']);
      expect(granted.code, granted.output).toBe(0);

      // A PgBouncer of its own (transaction mode, the CI settings) that knows the role.
      const bouncer = await startPgBouncer({ users: [role] });
      drops.unshift(() => bouncer.stop());
      const webUrl = new URL(bouncer.urlFor(url));
      webUrl.username = role;
      const web = await openDatabase({ databaseUrl: webUrl.toString(), maxConnections: 1, sessionSettings: 'role' });
      let runs = 0;
      const runner = createPgBossRunner(
        [
          {
            name: 'probe',
            intervalMs: 1000,
            run: async () => {
              runs++;
            },
          },
        ],
        async () => web.db,
        { connectionString: webUrl.toString(), poolMax: 2, migrate: false },
      );
      try {
        await expect(web.exec('CREATE SCHEMA probe_rights')).rejects.toThrow();
        await runner.start();
        for (let i = 0; i < 60 && runs === 0; i++) await new Promise((r) => setTimeout(r, 250));
        expect(runs).toBeGreaterThan(0);
        const queues = await web.db.execute(sql`SELECT name FROM pgboss.queue`);
        expect((queues as unknown as { rows: { name: string }[] }).rows.map((r) => r.name)).toEqual(['probe']);
      } finally {
        await runner.stop(5000);
        await web.close();
      }
    },
    60_000,
  );
});
