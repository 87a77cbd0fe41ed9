/**
 * Builds the site when the build is missing, older than the sources, or made with other shop
 * settings (SITE_URL, SHOP_*, GRIEVANCE_OFFICER_*, MEDIA_BASE_URL and the delivery zones file's contents: prerendered
 * pages bake them in, the policy pages state each zone's figures). Used by
 * `npm start` and by the test set-up, so `npx vitest` works on a fresh clone without a prior
 * `npm run build`. DIST_DIR names another build folder (default `dist`).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_ZONES_FILE } from '#features/delivery/rules.ts';
import { type Config, getConfig } from '#lib/config.ts';
import { ASTRO_HANDLER_FILE, ENTRY_FILE } from '#server/build-files.ts';

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

/**
 * Whether `root`'s build needs doing again: a server file missing or older than a source, or
 * made with other shop settings or another delivery zones file.
 */
export function isBuildStale(root: string, config: Config = getConfig()): boolean {
  const { serverFiles, buildEnvFile, buildEnv } = buildPaths(root, config);
  const envChanged = !existsSync(buildEnvFile) || readFileSync(buildEnvFile, 'utf8') !== buildEnv;
  const newestSource = newestMtime(root, SOURCES);
  return envChanged || serverFiles.some((file) => !existsSync(file) || statSync(file).mtimeMs < newestSource);
}

/**
 * Runs `astro build` when needed (or always with `force`). Returns whether it built.
 * @throws Error when the build fails (its output has already been printed).
 */
export function ensureBuild(options: { root?: string; force?: boolean; quiet?: boolean } = {}): boolean {
  const root = options.root ?? process.cwd();
  const config = getConfig();
  const { dist, serverFiles, buildEnvFile, buildEnv } = buildPaths(root, config);
  if (!isBuildStale(root, config) && !options.force) return false;
  if (!options.quiet)
    console.log(
      existsSync(serverFiles[0]!) ? 'Sources changed since the last build: building…' : 'No build yet: building…',
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
