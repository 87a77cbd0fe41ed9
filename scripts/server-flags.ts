/**
 * The Node.js options `npm start` runs the server with (its cluster workers inherit them), and
 * the bench with it, from the configuration:
 * - `--max-old-space-size=NODE_MAX_OLD_SPACE_MB` (default 192): the JavaScript heap's limit, a
 *   setting (src/lib/config.ts, the README) because what a server needs grows with its catalogue
 *   and its page cache; V8 lets the heap grow towards it before a full collection, so it also
 *   sizes the process's resident memory.
 * - `--max-semi-space-size=16`: a young generation big enough that a page render's garbage dies
 *   there; a smaller one spends a large share of CPU on scavenges and promotions, a larger one
 *   adds memory without speed (docs/performance.md, "Memory flags").
 * - On PGlite only (no DATABASE_URL), two V8 options that Node passes on: `--liftoff-only` keeps
 *   PGlite's WebAssembly on V8's baseline compiler, whose optimizing compiler otherwise takes
 *   hundreds of MB compiling one Postgres function, and `--wasm-lazy-compilation` compiles only
 *   the functions that run: without them a PGlite server's memory goes over the shop's budget
 *   (docs/performance.md, "Memory flags"). On PostgreSQL no WebAssembly runs, so they are not
 *   given. V8's options carry no stability promise: a Node upgrade checks them (`node --v8-options`).
 * `node dist/server/entry.mjs` run by hand gets Node's defaults, or what NODE_OPTIONS says.
 *
 * And the environment it adds for the server (`serverEnvironment`), each variable only when unset:
 * - `MALLOC_ARENA_MAX=2`: glibc's allocator otherwise gives every thread that allocates (libuv's
 *   pool compressing pages, V8's background workers) an arena of its own, up to eight per core,
 *   whose freed memory stays resident; with two, a server holds 13–21 MB less after the bench's
 *   load for the same CPU (docs/performance.md, "Memory flags"). Other C libraries (musl) ignore it.
 */
import type { Config } from '#lib/config.ts';

/** The server's Node options for `config`. */
export function serverNodeFlags(config: Pick<Config, 'NODE_MAX_OLD_SPACE_MB' | 'DATABASE_URL'>): string[] {
  const flags = ['--max-semi-space-size=16', `--max-old-space-size=${config.NODE_MAX_OLD_SPACE_MB}`];
  if (!config.DATABASE_URL) flags.push('--liftoff-only', '--wasm-lazy-compilation');
  return flags;
}

/** The variables the server's environment gets unless `env` sets them (see above). */
export function serverEnvironment(env: Record<string, string | undefined>): Record<string, string> {
  return { MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX || '2' };
}
