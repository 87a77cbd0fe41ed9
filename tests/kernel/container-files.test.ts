/**
 * The container files are documentation that must stay true (no Docker engine runs here, so
 * they are read, not run):
 * - Dockerfile: the runtime stage runs as a user other than root, its HEALTHCHECK asks /healthz
 *   (liveness: a database outage must not turn every container unhealthy; /readyz is readiness),
 *   its CMD starts dist/server/entry.mjs with the server flags of scripts/server-flags.ts, its ENV
 *   sets the server's environment from there, and every setting prerendered pages bake in
 *   (scripts/ensure-build.ts) is a build argument;
 * - compose.yaml: PostgreSQL, PgBouncer, a release step and two app servers whose DATABASE_URL
 *   goes through PgBouncer and DATABASE_DIRECT_URL straight to PostgreSQL, that never migrate on
 *   start, are given 35 s to drain and have a liveness health check (/healthz) that takes longer
 *   to give up than the drain.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { serverEnvironment, serverNodeFlags } from '../../scripts/server-flags.ts';

const dockerfile = readFileSync('Dockerfile', 'utf8');
const ensureBuild = readFileSync('scripts/ensure-build.ts', 'utf8');

/** The Dockerfile's instructions (continuation lines joined, comments dropped), by stage. */
function stages(text: string): { name: string; instructions: { op: string; args: string }[] }[] {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const out: { name: string; instructions: { op: string; args: string }[] }[] = [];
  for (const line of lines) {
    const [, op = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (op.toUpperCase() === 'FROM') out.push({ name: /\bAS\s+(\S+)/i.exec(args)?.[1] ?? '', instructions: [] });
    out.at(-1)?.instructions.push({ op: op.toUpperCase(), args });
  }
  return out;
}

type Service = Record<string, unknown> & { environment?: Record<string, string> };

/** A compose duration ("10s", "1m30s") in seconds. */
function seconds(duration: string): number {
  let total = 0;
  for (const [, n, unit] of duration.matchAll(/(\d+)(ms|s|m|h)/g))
    total += Number(n) * { ms: 0.001, s: 1, m: 60, h: 3600 }[unit as 'ms' | 's' | 'm' | 'h'];
  return total;
}

const compose = parseYaml(readFileSync('compose.yaml', 'utf8')) as { services: Record<string, Service> };

describe('Dockerfile', () => {
  const all = stages(dockerfile);
  const runtime = all.at(-1)!;
  const last = (op: string) => runtime.instructions.filter((x) => x.op === op).at(-1)?.args ?? '';

  it('builds in stages and runs the server as a user other than root', () => {
    expect(all.map((s) => s.name)).toEqual(['deps', 'build', 'prod-deps', 'runtime']);
    expect(last('USER')).not.toBe('');
    expect(last('USER')).not.toMatch(/^(root|0)(:|$)/);
    expect(runtime.instructions.find((x) => x.op === 'ENV')?.args).toContain('NODE_ENV=production');
    expect(last('EXPOSE').split(/\s+/)).toEqual(expect.arrayContaining(['4321', '9464']));
  });

  it('checks liveness on /healthz, not readiness, and starts entry.mjs with the server flags', () => {
    expect(last('HEALTHCHECK')).toMatch(/CMD .*\/healthz/);
    expect(last('HEALTHCHECK')).not.toContain('/readyz');
    const cmd = last('CMD');
    // On PostgreSQL: the heap limit from NODE_MAX_OLD_SPACE_MB and the young generation's size.
    const flags = serverNodeFlags({ NODE_MAX_OLD_SPACE_MB: 256, DATABASE_URL: 'postgres://db/x' });
    expect(flags).toHaveLength(2);
    for (const flag of flags) expect(cmd).toContain(flag.replace(/=256$/, '='));
    expect(cmd).toMatch(/--max-old-space-size=\$\{NODE_MAX_OLD_SPACE_MB\}/);
    expect(cmd).toContain('dist/server/entry.mjs');
    // The environment `npm start` gives the server, set in the image.
    const env = runtime.instructions
      .filter((x) => x.op === 'ENV')
      .map((x) => x.args)
      .join(' ');
    for (const [name, value] of Object.entries(serverEnvironment({}))) expect(env).toContain(`${name}=${value}`);
  });

  it('takes every setting the prerendered pages bake in as a build argument', () => {
    const baked = [...(/BUILD_ENV_KEYS = \[([^\]]*)\]/.exec(ensureBuild)?.[1] ?? '').matchAll(/'([A-Z_]+)'/g)].map(
      (m) => m[1]!,
    );
    expect(baked).toContain('SITE_URL');
    const build = all.find((s) => s.name === 'build')!;
    const args = build.instructions.filter((x) => x.op === 'ARG').map((x) => x.args.split('=')[0]);
    expect(args).toEqual(expect.arrayContaining([...baked, 'DELIVERY_ZONES_FILE']));
    expect(build.instructions.some((x) => x.op === 'RUN' && x.args === 'npm run build')).toBe(true);
  });
});

describe('compose.yaml', () => {
  const { services } = compose;
  const apps = Object.keys(services).filter((name) => /^app\d+$/.test(name));

  it('runs PostgreSQL, PgBouncer, a release step and two app servers', () => {
    expect(Object.keys(services)).toEqual(expect.arrayContaining(['postgres', 'pgbouncer', 'migrate']));
    expect(apps).toEqual(['app1', 'app2']);
    expect(services.migrate!.command).toEqual(expect.arrayContaining([expect.stringContaining('npm run db:migrate')]));
    expect(new URL(services.migrate!.environment!.DATABASE_URL!).hostname).toBe('postgres');
  });

  it.each(['app1', 'app2'])(
    '%s reaches the database through PgBouncer, LISTENs directly, drains and checks health',
    (name) => {
      const app = services[name]!;
      const env = app.environment!;
      expect(new URL(env.DATABASE_URL!).hostname).toBe('pgbouncer');
      expect(new URL(env.DATABASE_DIRECT_URL!).hostname).toBe('postgres');
      expect(env.DB_SESSION_SETTINGS).toBe('role');
      expect(env.MIGRATE_ON_START).toBe('false');
      expect(app.stop_grace_period).toBe('35s');
      const check = app.healthcheck as { test: unknown; interval: string; retries: number };
      expect(JSON.stringify(check.test)).toContain('/healthz');
      expect(JSON.stringify(check.test)).not.toContain('/readyz');
      expect(seconds(check.interval) * check.retries).toBeGreaterThan(2 * Number(env.SHUTDOWN_DRAIN_SECONDS));
      expect(app.depends_on).toMatchObject({
        migrate: { condition: 'service_completed_successfully' },
        postgres: { condition: 'service_healthy' },
      });
    },
  );
});
