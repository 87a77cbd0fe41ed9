/**
 * The server's Node options (scripts/server-flags.ts, passed by `npm start`): the heap limit is the
 * NODE_MAX_OLD_SPACE_MB setting (default 192 MiB, validated), the Node that runs the server
 * accepts every option and applies the limit, and a cluster worker inherits them; and the
 * environment it adds (two C allocator arenas unless the operator says otherwise).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { getConfig, resetConfigForTests } from '#lib/config.ts';
import { serverEnvironment, serverNodeFlags } from '../../scripts/server-flags.ts';

const saved = { ...process.env };
function configure(env: Record<string, string>) {
  delete process.env.NODE_MAX_OLD_SPACE_MB;
  delete process.env.DATABASE_URL;
  Object.assign(process.env, env);
  resetConfigForTests();
}
afterEach(() => {
  process.env = { ...saved };
  resetConfigForTests();
});

/** Runs `script` (a module, from a file as the server entry is) under Node with `flags`; returns its output. */
function node(flags: string[], script: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ff-flags-'));
  try {
    writeFileSync(path.join(dir, 'script.mjs'), script);
    const run = spawnSync(process.execPath, [...flags, path.join(dir, 'script.mjs')], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    return run.stdout.trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const HEAP_LIMIT_MB =
  "import v8 from 'node:v8'; console.log(Math.round(v8.getHeapStatistics().heap_size_limit / 1048576));";

describe('the server’s Node options', () => {
  it('limit the heap to NODE_MAX_OLD_SPACE_MB, 192 MiB by default', () => {
    configure({});
    const byDefault = Number(node(serverNodeFlags(getConfig()), HEAP_LIMIT_MB));
    configure({ NODE_MAX_OLD_SPACE_MB: '512' });
    const larger = Number(node(serverNodeFlags(getConfig()), HEAP_LIMIT_MB));
    // The limit also counts the young generation (semi-spaces), so it is a little over the setting.
    expect(byDefault).toBeGreaterThanOrEqual(192);
    expect(byDefault).toBeLessThan(256);
    expect(larger - byDefault).toBe(320);
  });

  it('refuse a heap limit out of range, naming the variable', () => {
    for (const value of ['32', '100000', 'lots']) {
      configure({ NODE_MAX_OLD_SPACE_MB: value });
      expect(() => getConfig(), value).toThrow(/NODE_MAX_OLD_SPACE_MB/);
    }
  });

  it('keep PGlite’s WebAssembly on the baseline compiler, and give PostgreSQL Node’s own options only', () => {
    configure({});
    expect(serverNodeFlags(getConfig())).toContain('--liftoff-only');
    node(serverNodeFlags(getConfig()), 'process.exit(0)');
    configure({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/shop' });
    expect(serverNodeFlags(getConfig()).every((flag) => /^--max-(old|semi)-space-size=\d+$/.test(flag))).toBe(true);
  });

  it('reach a cluster worker', () => {
    configure({});
    const flags = serverNodeFlags(getConfig());
    const script = [
      "import cluster from 'node:cluster';",
      'if (cluster.isPrimary) cluster.fork().on("message", (m) => { console.log(m); process.exit(0); });',
      'else process.send(process.execArgv.join(" "));',
    ].join('\n');
    expect(node(flags, script).split(' ')).toEqual(expect.arrayContaining(flags));
  });
});

describe('the server’s environment', () => {
  it('gives the C allocator two arenas, unless the operator set another number', () => {
    expect(serverEnvironment({})).toEqual({ MALLOC_ARENA_MAX: '2' });
    expect(serverEnvironment({ MALLOC_ARENA_MAX: '8' })).toEqual({ MALLOC_ARENA_MAX: '8' });
  });
});
