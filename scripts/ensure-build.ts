/**
 * Builds the site when the build is missing, older than the sources, or made with other shop
 * settings (SITE_URL, SHOP_*, GRIEVANCE_OFFICER_*, MEDIA_BASE_URL and the delivery zones file's contents: prerendered
 * pages bake them in, the policy pages state each zone's figures). Used by
 * `npm start` and by the test set-up, so `npx vitest` works on a fresh clone without a prior
 * `npm run build`. DIST_DIR names another build folder (default `dist`). It never builds into a
 * folder a live process runs from (src/server/build-in-use.ts): it refuses instead, saying what
 * changed and naming the processes.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_ZONES_FILE } from '#features/delivery/rules.ts';
import { type Config, getConfig } from '#lib/config.ts';
import { ASTRO_HANDLER_FILE, ENTRY_FILE } from '#server/build-files.ts';
import { buildUsers } from '#server/build-in-use.ts';

const SOURCES = ['src', 'public', 'drizzle', 'astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'];
/**
 * Settings prerendered pages bake in, as resolved: a change of them needs a new build. The seller
 * settings resolve to the demo's made-up ones only in demo mode, so `npm start` after `npm run demo`
 * (or the other way round) builds again.
 */
const BUILD_ENV_KEYS = [
  'SITE_URL',
  'SHOP_NAME',
  'SHOP_EMAIL',
  'SHOP_PHONE',
  'SHOP_ADDRESS',
  'SHOP_GSTIN',
  'SHOP_LEGAL_NAME',
  'SHOP_FSSAI_LICENCE',
  'SHOP_FSSAI_VALID_UNTIL',
  'SHOP_CARE_PHONE',
  'SHOP_CARE_EMAIL',
  'GRIEVANCE_OFFICER_NAME',
  'GRIEVANCE_OFFICER_DESIGNATION',
  'GRIEVANCE_OFFICER_PHONE',
  'GRIEVANCE_OFFICER_EMAIL',
  'MEDIA_BASE_URL',
] as const satisfies (keyof Config)[];

/**
 * A fingerprint of the delivery zones the build reads: the contents of DELIVERY_ZONES_FILE (a
 * relative path from the working directory, as the server reads it) or of the demo file under
 * `root`; "missing" when it cannot be read (the build then stops with the zones' own message).
 */
export function zonesFingerprint(root: string, config: Config): string {
  const file = config.DELIVERY_ZONES_FILE ? path.resolve(config.DELIVERY_ZONES_FILE) : path.join(root, DEMO_ZONES_FILE);
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16);
  } catch {
    return 'missing';
  }
}

/**
 * The settings a build was made with, as written to `.build-env.json`: BUILD_ENV_KEYS and the
 * delivery zones' fingerprint.
 */
export function buildEnvText(root: string, config: Config): string {
  return JSON.stringify({
    ...Object.fromEntries(BUILD_ENV_KEYS.map((k) => [k, config[k]])),
    DELIVERY_ZONES: zonesFingerprint(root, config),
  });
}

/** Newest modification time (ms) under the given paths. */
function newestMtime(root: string, paths: string[]): number {
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

/** The build folder of `root` and the settings file beside it (see BUILD_ENV_KEYS). */
function buildPaths(root: string, config: Config) {
  const dist = path.resolve(root, config.DIST_DIR);
  return {
    dist,
    // The build's two server files: Astro's handler, and our entry, bundled after it at the end
    // of the build (src/server/entry-build.ts).
    serverFiles: [path.join(dist, 'server', ENTRY_FILE), path.join(dist, 'server', ASTRO_HANDLER_FILE)],
    buildEnvFile: path.join(dist, '.build-env.json'),
    buildEnv: buildEnvText(root, config),
  };
}

/** What makes a build need doing again, for the messages of `npm start`. */
export type StaleReason =
  | { kind: 'missing' }
  | { kind: 'unrecorded' }
  | { kind: 'changed'; sources: boolean; settings: string[] };

/** The names of the build-time settings whose values differ between two `.build-env.json` texts. */
function changedSettings(before: string, now: string): string[] {
  let old: Record<string, unknown>;
  try {
    old = JSON.parse(before) as Record<string, unknown>;
  } catch {
    old = {};
  }
  const current = JSON.parse(now) as Record<string, unknown>;
  // Unset settings are left out of the text: a key on either side counts.
  return [...new Set([...Object.keys(current), ...Object.keys(old)])]
    .filter((key) => JSON.stringify(old[key]) !== JSON.stringify(current[key]))
    .map((key) => (key === 'DELIVERY_ZONES' ? 'the delivery zones (DELIVERY_ZONES_FILE)' : key));
}

/**
 * Why `root`'s build needs doing again, or undefined when it is fresh: a server file missing,
 * older than a source, or made with other shop settings or another delivery zones file.
 */
export function staleReason(root: string, config: Config = getConfig()): StaleReason | undefined {
  const { serverFiles, buildEnvFile, buildEnv } = buildPaths(root, config);
  if (serverFiles.some((file) => !existsSync(file))) return { kind: 'missing' };
  // A build by `astro build` itself, or one interrupted before the end: its settings are unknown.
  if (!existsSync(buildEnvFile)) return { kind: 'unrecorded' };
  const settings = changedSettings(readFileSync(buildEnvFile, 'utf8'), buildEnv);
  const newestSource = newestMtime(root, SOURCES);
  const sources = serverFiles.some((file) => statSync(file).mtimeMs < newestSource);
  return sources || settings.length ? { kind: 'changed', sources, settings } : undefined;
}

/** Whether `root`'s build needs doing again (see staleReason). */
export function isBuildStale(root: string, config: Config = getConfig()): boolean {
  return staleReason(root, config) !== undefined;
}

/** What changed, as a sentence's start: "Sources changed", "Build-time settings changed (SITE_URL)". */
function whatChanged(reason: StaleReason | undefined): string {
  if (!reason) return 'FORCE_BUILD is set';
  if (reason.kind === 'missing') return 'There is no complete build yet';
  if (reason.kind === 'unrecorded') return 'The build has no record of the build-time settings it was made with';
  const settings = reason.settings.length ? `build-time settings changed (${reason.settings.join(', ')})` : '';
  if (reason.sources && settings) return `Sources and ${settings}`;
  if (reason.sources) return 'Sources changed';
  return settings.charAt(0).toUpperCase() + settings.slice(1);
}

/**
 * The build needs doing again but running servers use it: building would swap their pages and
 * chunks under them, so nothing is built.
 */
export class BuildInUseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BuildInUseError';
  }
}

/**
 * Why the server cannot run from DIST_DIR, or undefined when it can: the built server imports
 * its packages from the project's node_modules, which Node finds only from folders inside the
 * project. (Building elsewhere works; the policy page tests read such a build's pages.)
 */
export function distDirProblem(root: string, config: Config = getConfig()): string | undefined {
  const dist = path.resolve(root, config.DIST_DIR);
  const relative = path.relative(root, dist);
  if (relative && !relative.startsWith('..') && !path.isAbsolute(relative)) return undefined;
  return `DIST_DIR must be a folder inside the project (${root}), such as dist-4961; it is ${dist}. The built server loads its packages from the project's node_modules, which it finds only from a folder inside the project.`;
}

/**
 * Runs `astro build` when needed (or always with `force`). Returns whether it built.
 * @throws BuildInUseError when a build is needed but a live process runs from the build folder
 * (src/server/build-in-use.ts); nothing is touched then.
 * @throws Error when the build fails (its output has already been printed).
 */
export function ensureBuild(options: { root?: string; force?: boolean; quiet?: boolean } = {}): boolean {
  const root = options.root ?? process.cwd();
  const config = getConfig();
  const { dist, buildEnvFile, buildEnv } = buildPaths(root, config);
  const reason = staleReason(root, config);
  if (!reason && !options.force) return false;
  const users = buildUsers(dist);
  if (users.length) {
    const pids = users.map((u) => (u.hostname === os.hostname() ? `${u.pid}` : `${u.pid} on host ${u.hostname}`));
    throw new BuildInUseError(
      `FarmFresh cannot start: ${whatChanged(reason)}, so the build in ${dist} needs building again, but ` +
        `${pids.length === 1 ? 'a running FarmFresh process (pid' : 'running FarmFresh processes (pids'} ${pids.join(', ')}) ` +
        `${pids.length === 1 ? 'uses' : 'use'} it, and building would break ${pids.length === 1 ? 'it' : 'them'}; nothing was built. ` +
        'Stop that server first (then npm start builds), or set DIST_DIR to another folder inside the project ' +
        `(for example DIST_DIR=dist-${config.PORT}) to build and run this server from there.`,
    );
  }
  if (!options.quiet)
    console.log(
      reason?.kind === 'missing' ? 'No build yet: building…' : `${whatChanged(reason)} since the last build: building…`,
    );
  const args = [
    path.join(root, 'node_modules/astro/bin/astro.mjs'),
    'build',
    ...(config.DIST_DIR !== 'dist' ? ['--outDir', dist] : []),
  ];
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: options.quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
    // A production build whatever the caller runs under (Vitest sets NODE_ENV=test, which
    // would make React's development JSX runtime leak into the server bundle).
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('The build failed; see the messages above.');
  writeFileSync(buildEnvFile, buildEnv);
  return true;
}
