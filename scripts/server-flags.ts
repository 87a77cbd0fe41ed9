/**
 * Node.js flags the production server runs with (npm start, npm run bench), chosen by
 * measurement (issue 13; docs/performance.md "Memory flags"): with the 20,000-product catalogue
 * on PGlite, cold product pages 12.0 → 7.9 ms of CPU and peak RSS 755 → 329 MB against the
 * earlier set (`--max-semi-space-size=2 --optimize-for-size`).
 * - `--max-semi-space-size=16`: a young generation big enough that a page render's garbage dies
 *   there (2 MiB made scavenges and promotions ~30% of CPU). 16 against 8, three alternating
 *   runs of 3 × 1,000 cold product pages on PostgreSQL: 214 → 251 requests/s, 5.9 → 5.1 ms of
 *   CPU a page, RSS +20–30 MB; 32 was slower than 16 (docs/performance.md "Memory flags").
 * - `--max-old-space-size=128`: caps the JavaScript heap (a render needs a few MiB; the page
 *   cache is bounded at 24 MiB).
 * - `--wasm-lazy-compilation`: compiles only the parts of PGlite's Postgres that run.
 * - `--liftoff-only`: keeps WebAssembly on V8's baseline compiler. Its optimizing compiler needs
 *   ~600 MB for one 105 KB Postgres function (the whole start-up peak), and its code ran no
 *   faster here once its compile time is counted.
 */
export const SERVER_NODE_FLAGS = [
  '--max-semi-space-size=16',
  '--max-old-space-size=128',
  '--wasm-lazy-compilation',
  '--liftoff-only',
];
