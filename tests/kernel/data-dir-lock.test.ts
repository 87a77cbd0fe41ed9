/**
 * One process per PGlite data folder. Two servers on one folder would both start
 * and corrupt it, so the second one — and `npm start`, and the command-line tools — refuses
 * with a clear message and a non-zero exit, no stack trace. A lock left by a process that died
 * is taken over, and a stopped server leaves no lock behind.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../helpers/server.ts';

const LOCKED =
  /Another FarmFresh process \(pid (\d+)\) is using the database in .+\. Stop it first, or set DATABASE_URL to use PostgreSQL\./;

/** Runs a project script to its end (at most 60 s) with a PGlite data folder; returns its exit code and output. */
function runScript(script: string, dataDir: string, options: { cwd?: string; args?: string[] } = {}) {
  return new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) => {
    const child = spawn(process.execPath, [path.resolve(script), ...(options.args ?? [])], {
      cwd: options.cwd ?? process.cwd(),
      env: {
        ...process.env,
        PGLITE_DATA_DIR: dataDir,
        DATABASE_URL: '',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ASTRO_NODE_LOGGING: 'disabled',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('PGlite data folder lock', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'farmfresh-lock-'));
  const servers: RunningServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(root, { recursive: true, force: true });
  });

  it('a second server, npm start and db:seed on the same folder refuse with the owner pid and exit non-zero', async () => {
    const dataDir = path.join(root, 'shared');
    const first = await startServer({ PGLITE_DATA_DIR: dataDir, SEED_DEMO: 'never' });
    servers.push(first);
    const owner = JSON.parse(readFileSync(path.join(dataDir, 'farmfresh.lock'), 'utf8')) as { pid: number };

    const second = await runScript('dist/server/entry.mjs', dataDir, {});
    expect(second.code).not.toBe(0);
    expect(second.stderr).toMatch(LOCKED);
    expect(Number(LOCKED.exec(second.stderr)![1])).toBe(owner.pid);
    expect(second.stderr).not.toMatch(/\n\s+at /); // no stack trace

    // npm start refuses before building (run from an empty folder: it must not get as far as a build).
    const start = await runScript('scripts/start.ts', dataDir, { cwd: root });
    expect(start.code).not.toBe(0);
    expect(start.stderr).toMatch(LOCKED);
    expect(start.stdout).not.toMatch(/building/i);

    const seed = await runScript('scripts/db-seed.ts', dataDir, { args: ['--yes'] });
    expect(seed.code).not.toBe(0);
    expect(seed.stderr).toMatch(LOCKED);
    expect(seed.stderr).not.toMatch(/\n\s+at /);

    // The first server is unharmed.
    expect((await fetch(`${first.baseUrl}/readyz`)).status).toBe(200);
    expect((await fetch(`${first.baseUrl}/api/customer/product-categories`)).status).toBe(200);

    // Stopped, it leaves no lock: the tools may open the folder again.
    await first.stop();
    expect(existsSync(path.join(dataDir, 'farmfresh.lock'))).toBe(false);
    const prune = await runScript('scripts/db-prune.ts', dataDir);
    expect(prune.stderr).toBe('');
    expect(prune.code).toBe(0);
    expect(prune.stdout).toMatch(/Pruned \(pglite\)/);
  }, 120_000);

  it('a lock left by a process that died is taken over', async () => {
    const dataDir = path.join(root, 'stale');
    const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    const deadPid = Number(dead.stdout.trim());
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(
      path.join(dataDir, 'farmfresh.lock'),
      JSON.stringify({ pid: deadPid, hostname: os.hostname(), startedAt: new Date(0).toISOString() }),
    );

    const server = await startServer({ PGLITE_DATA_DIR: dataDir, SEED_DEMO: 'never' });
    servers.push(server);
    expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
    const lock = JSON.parse(readFileSync(path.join(dataDir, 'farmfresh.lock'), 'utf8')) as { pid: number };
    expect(lock.pid).not.toBe(deadPid);
    await server.stop();
    expect(existsSync(path.join(dataDir, 'farmfresh.lock'))).toBe(false);
  }, 120_000);
});
