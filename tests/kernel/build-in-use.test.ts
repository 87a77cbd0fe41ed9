/**
 * `npm start` never builds into a build a running server uses: a second `npm start` from the
 * same checkout with another build-time setting refuses before it touches the build, saying what
 * changed (a setting, not the sources), naming the running process and the ways out, and exits
 * non-zero. A process that stopped, or died without cleaning up, no longer holds the build.
 * DIST_DIR outside the project, where the built server cannot find its packages, is refused.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { getConfig, resetConfigForTests } from '#lib/config.ts';
import { ASTRO_HANDLER_FILE, ENTRY_FILE } from '#server/build-files.ts';
import { buildUsers, IN_USE_DIR } from '#server/build-in-use.ts';
import { buildEnvText } from '../../scripts/ensure-build.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'ff-build-in-use-'));
const dist = path.join(root, 'dist');
const entry = path.join(dist, 'server', ENTRY_FILE);
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

/** Writes `file` under the root with its modification time `secondsAgo` in the past. */
function write(file: string, secondsAgo: number, text = ''): void {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
  const when = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(full, when, when);
}

/** The environment of both servers: the same but for SITE_URL, a setting prerendered pages bake in. */
function env(siteUrl: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    SITE_URL: siteUrl,
    DIST_DIR: '',
    FORCE_BUILD: '',
    DATABASE_URL: '',
    PGLITE_DATA_DIR: path.join(root, 'data'),
    ...extra,
  };
}

/** A fake build of a source tree made for SITE_URL `siteUrl`: sources an hour old, the server files a minute old. */
function fakeBuild(siteUrl: string): void {
  const saved = process.env.SITE_URL;
  process.env.SITE_URL = siteUrl;
  delete process.env.DIST_DIR;
  resetConfigForTests();
  write('src/pages/index.astro', 3600);
  write(`dist/server/${ASTRO_HANDLER_FILE}`, 70, 'export const handler = () => {};');
  write(`dist/server/${ENTRY_FILE}`, 60, '// server A');
  write('dist/.build-env.json', 60, buildEnvText(root, getConfig()));
  if (saved === undefined) delete process.env.SITE_URL;
  else process.env.SITE_URL = saved;
  resetConfigForTests();
}

/** `npm start` (scripts/start.ts) from the fake checkout; its exit code and output. */
function npmStart(environment: NodeJS.ProcessEnv) {
  const result = spawnSync(process.execPath, [path.resolve('scripts/start.ts')], {
    cwd: root,
    env: environment,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A process running from the build, as the server does: it marks the build in use until it exits. */
async function runFromBuild(): Promise<ChildProcess> {
  const module = pathToFileURL(path.resolve('src/server/build-in-use.ts')).href;
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { markBuildInUse } from ${JSON.stringify(module)}; markBuildInUse(process.argv[1]); console.log('ready'); setInterval(() => {}, 1000);`,
      dist,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d) => String(d).includes('ready') && resolve());
    child.on('exit', (code) => reject(new Error(`the process running from the build exited (${code})`)));
  });
  return child;
}

describe('npm start and a build in use', () => {
  it('refuses to rebuild a build a running server uses, saying which setting changed, and touches nothing', async () => {
    fakeBuild('http://a.example:4960');
    const server = await runFromBuild();

    const second = npmStart(env('http://b.example:4961', { PORT: '4961' }));
    expect(second.code).not.toBe(0);
    expect(second.stdout).not.toMatch(/building/i);
    expect(second.stderr).toMatch(/Build-time settings changed \(SITE_URL\)/);
    expect(second.stderr).not.toMatch(/Sources/);
    expect(second.stderr).toContain(`(pid ${server.pid})`);
    expect(second.stderr).toMatch(/Stop that server first/);
    expect(second.stderr).toMatch(/DIST_DIR=dist-4961/);
    expect(second.stderr).not.toMatch(/\n\s+at /); // no stack trace
    // The running server's build is as it was.
    expect(readFileSync(entry, 'utf8')).toBe('// server A');

    // Stopped, the server no longer holds the build.
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    expect(buildUsers(dist)).toEqual([]);
    expect(existsSync(path.join(dist, IN_USE_DIR, `${server.pid}.json`))).toBe(false);
  }, 60_000);

  it('ignores a marker left by a process that died, and says a setting changed rather than the sources', () => {
    fakeBuild('http://a.example:4960');
    const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    const marker = path.join(dist, IN_USE_DIR, `${dead.stdout.trim()}.json`);
    mkdirSync(path.dirname(marker), { recursive: true });
    writeFileSync(marker, JSON.stringify({ pid: Number(dead.stdout.trim()), hostname: os.hostname(), startedAt: '' }));

    // It goes on to build (which fails at once here: the fake checkout has no Astro).
    const start = npmStart(env('http://b.example:4961'));
    expect(start.stdout).toMatch(/Build-time settings changed \(SITE_URL\) since the last build: building…/);
    expect(start.stdout).not.toMatch(/Sources changed/);
    expect(existsSync(marker)).toBe(false);
  }, 60_000);

  it('refuses DIST_DIR outside the project before building', () => {
    const start = npmStart(env('http://a.example:4960', { DIST_DIR: path.join(os.tmpdir(), 'ff-elsewhere') }));
    expect(start.code).not.toBe(0);
    expect(start.stderr).toMatch(/DIST_DIR must be a folder inside the project/);
    expect(start.stdout).not.toMatch(/building/i);
  }, 60_000);
});
