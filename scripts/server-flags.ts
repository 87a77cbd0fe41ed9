/**
 * Node.js flags the production server runs with (npm start, npm run bench). They keep the
 * process small with the embedded database: a 2 MiB young generation and a 128 MiB old
 * generation cap the JavaScript heap (a page render needs a few MiB), `--optimize-for-size`
 * trades a little peak speed for a smaller heap and code, and lazy WebAssembly compilation
 * compiles only the parts of PGlite's Postgres that run. Measured with 20,000 products after
 * load: about 260–290 MB resident, against about 700 MB with Node's defaults; throughput of
 * cached pages unchanged (see bench/results).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=2', '--max-old-space-size=128', '--optimize-for-size', '--wasm-lazy-compilation'];
