/**
 * Node.js flags the production server runs with (npm start, npm run bench), chosen by
 * measurement with the bench (docs/performance.md says how to compare flag sets): they cut both
 * the CPU of a cold product page and the peak RSS.
 * - `--max-semi-space-size=16`: a young generation big enough that a page render's garbage dies
 *   there; a smaller one spends a large share of CPU on scavenges and promotions, a larger one
 *   adds memory without speed.
 * - `--max-old-space-size=128`: caps the JavaScript heap (a render needs a few MiB; the page
 *   cache is bounded at 24 MiB).
 * - `--wasm-lazy-compilation`: compiles only the parts of PGlite's Postgres that run.
 * - `--liftoff-only`: keeps WebAssembly on V8's baseline compiler. Its optimizing compiler needs
 *   hundreds of MB for one large Postgres function (the whole start-up peak), and its code runs
 *   no faster here once its compile time is counted.
 */
export const SERVER_NODE_FLAGS = [
  '--max-semi-space-size=16',
  '--max-old-space-size=128',
  '--wasm-lazy-compilation',
  '--liftoff-only',
];
