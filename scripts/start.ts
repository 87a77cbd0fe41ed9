/**
 * `npm start` (and `npm run demo`, which passes `--demo`: DEMO_MODE=true): builds the site when the build is missing, older than the sources or made with
 * other shop settings (SITE_URL, SHOP_*: prerendered pages bake them in) — unless a running
 * server uses that build, when it refuses (scripts/ensure-build.ts) — then runs the server
 * entry (DIST_DIR/server/entry.mjs, src/server/entry.ts) with the Node options of
 * scripts/server-flags.ts on HOST:PORT (default localhost:4321),
 * over HTTPS when SERVER_CERT_PATH and SERVER_KEY_PATH are set. The server itself applies pending
 * migrations and seeds the demo shop into an empty database on boot (src/server/wiring.ts), so
 * several server processes on one PostgreSQL stay consistent; this script waits until /readyz
 * says so.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { getConfig } from '#lib/config.ts';
import { assertDataDirFree, DataDirLockedError } from '#lib/db/data-dir-lock.ts';
import { ENTRY_FILE } from '#server/build-files.ts';
import { markBuildInUse } from '#server/build-in-use.ts';
import { distDirProblem, ensureBuild } from './ensure-build.ts';
import { serverEnvironment, serverNodeFlags } from './server-flags.ts';

const root = process.cwd();
// `npm start` is production unless told otherwise; the server (a child) inherits this.
process.env.NODE_ENV ||= 'production';
// `npm run demo`: the demo shop (codes on screen, test payments, demo data), said on screen.
if (process.argv.includes('--demo')) process.env.DEMO_MODE = 'true';
let config: ReturnType<typeof getConfig>;
try {
  config = getConfig();
} catch (err) {
  console.error(`FarmFresh cannot start. ${(err as Error).message}`);
  process.exit(1);
}

// Refuse at once (before a build) when another process has the PGlite folder; the server
// checks again and takes the lock itself (src/lib/db/data-dir-lock.ts).
if (!config.DATABASE_URL) {
  try {
    assertDataDirFree(config.PGLITE_DATA_DIR);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

// The built server finds its packages only from inside the project: refuse another place at once.
const distProblem = distDirProblem(root, config);
if (distProblem) {
  console.error(`FarmFresh cannot start. ${distProblem}`);
  process.exit(1);
}

// Builds when needed, but never into a build another running server uses (it refuses, naming it).
try {
  ensureBuild({ root, force: config.FORCE_BUILD });
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
// From here until the server exits, this build is in use (the server marks it too; this covers
// the moment before it starts).
markBuildInUse(path.resolve(root, config.DIST_DIR));

// The server runs as a child with the Node options and the environment of scripts/server-flags.ts
// (its heap limit NODE_MAX_OLD_SPACE_MB, the C allocator's arenas); this process waits for it to
// be ready, says where it is, and passes signals on.
const entry = path.resolve(root, config.DIST_DIR, 'server', ENTRY_FILE);
const server = spawn(process.execPath, [...serverNodeFlags(config), entry], {
  stdio: 'inherit',
  env: { ...process.env, ...serverEnvironment(process.env) },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

/**
 * The status of GET `url`, or 0 when nothing answers. Over HTTPS the certificate is not checked:
 * this asks its own child, which may well use a self-signed one.
 */
function statusOf(url: string): Promise<number> {
  return new Promise((resolve) => {
    const get = url.startsWith('https:') ? https.get : http.get;
    const req = get(url, { rejectUnauthorized: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
  });
}

// Ready: /readyz answers 200 once the database is open, migrated and (when empty) seeded, and
// the search catalogue built (the server also asks itself, src/server/entry.ts).
const scheme = config.SERVER_CERT_PATH && config.SERVER_KEY_PATH ? 'https' : 'http';
const base = `${scheme}://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}`;
for (let attempt = 0; attempt < 240; attempt++) {
  if ((await statusOf(`${base}/readyz`)) === 200) {
    console.log(
      `FarmFresh is ready at ${base}/${config.DEMO_MODE ? ' (demo mode: sign-in codes are shown on screen, payments are simulated)' : ''}`,
    );
    break;
  }
  await new Promise((r) => setTimeout(r, 500));
}
