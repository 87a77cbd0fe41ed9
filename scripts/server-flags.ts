/**
 * Node.js flags the production server runs with (npm start, npm run bench), chosen by
 * measurement (issue 13; docs/performance.md "Memory flags"): with the 20,000-product catalogue
 * on PGlite, cold product pages 12.0 → 7.9 ms of CPU and peak RSS 755 → 329 MB against the
 * earlier set (`--max-semi-space-size=2 --optimize-for-size`).
 * - `--max-semi-space-size=8`: a young generation big enough that a page render's garbage dies
 *   there (2 MiB made scavenges and promotions ~30% of CPU).
 * - `--max-old-space-size=128`: caps the JavaScript heap (a render needs a few MiB; the page
 *   cache is bounded at 24 MiB).
 * - `--wasm-lazy-compilation`: compiles only the parts of PGlite's Postgres that run.
 * - `--liftoff-only`: keeps WebAssembly on V8's baseline compiler. Its optimizing compiler needs
 *   ~600 MB for one 105 KB Postgres function (the whole start-up peak), and its code ran no
 *   faster here once its compile time is counted.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8', '--max-old-space-size=128', '--wasm-lazy-compilation', '--liftoff-only'];
