/**
 * `npm start`: builds the site when the build is missing, older than the sources or made with
 * other shop settings (SITE_URL, SHOP_*: prerendered pages bake them in), then serves
 * it on HOST:PORT (default localhost:4321). The server itself applies pending migrations and
 * seeds the demo shop into an empty database on boot (src/lib/server/db), so several server
 * processes on one PostgreSQL stay consistent; this script waits until /readyz says so.
 */
import { spawn, spawnSync } from 'node:child_process';
import { SERVER_NODE_FLAGS } from './server-flags.ts';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { assertDataDirFree, DataDirLockedError } from '../src/lib/server/db/data-dir-lock.ts';

const root = process.cwd();
const entry = path.join(root, 'dist/server/entry.mjs');
const SOURCES = ['src', 'public', 'drizzle', 'astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'];

/** Newest modification time (ms) under the given paths. */
function newestMtime(paths: string[]): number {
  let newest = 0;
  const visit = (p: string) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) for (const name of readdirSync(p)) visit(path.join(p, name));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const p of paths) visit(path.join(root, p));
  return newest;
}

// Refuse at once (before a build) when another process has the PGlite folder; the server
// checks again and takes the lock itself (src/lib/server/db/data-dir-lock.ts).
if (!process.env.DATABASE_URL) {
  try {
    assertDataDirFree(process.env.PGLITE_DATA_DIR || './data/pglite');
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

// Prerendered pages bake these in at build time, so a change of them needs a new build.
const BUILD_ENV_KEYS = ['SITE_URL', 'SHOP_NAME', 'SHOP_EMAIL', 'SHOP_PHONE', 'SHOP_ADDRESS', 'MEDIA_BASE_URL'];
const buildEnvFile = path.join(root, 'dist/.build-env.json');
const buildEnv = JSON.stringify(Object.fromEntries(BUILD_ENV_KEYS.map((k) => [k, process.env[k] ?? ''])));
const envChanged = !existsSync(buildEnvFile) || readFileSync(buildEnvFile, 'utf8') !== buildEnv;
const stale = !existsSync(entry) || statSync(entry).mtimeMs < newestMtime(SOURCES) || envChanged;
if (stale || process.env.FORCE_BUILD === 'true') {
  console.log(existsSync(entry) ? 'Sources changed since the last build: building…' : 'No build yet: building…');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    stdio: 'inherit',
    env: process.env,
  });
  if (result.status !== 0) {
    console.error('The build failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
  writeFileSync(buildEnvFile, buildEnv);
}

process.env.HOST ??= 'localhost';
process.env.PORT ??= '4321';
process.env.NODE_ENV ??= 'production';

// The server runs as a child with the memory flags of scripts/server-flags.ts; this process
// waits for it to be ready, says where it is, and passes signals on.
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'scripts/server.ts')], { stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// Warm up: the first /readyz opens, migrates and (when empty) seeds the database.
const base = `http://${process.env.HOST === '0.0.0.0' ? 'localhost' : process.env.HOST}:${process.env.PORT}`;
for (let attempt = 0; attempt < 240; attempt++) {
  try {
    const res = await fetch(`${base}/readyz`);
    if (res.ok) {
      console.log(`FarmFresh is ready at ${base}/`);
      break;
    }
  } catch {
    /* server still starting */
  }
  await new Promise((r) => setTimeout(r, 500));
}
