/**
 * The names of the built server's files in dist/server, shared by astro.config.mjs (Astro's
 * `build.serverEntry`), the integration that bundles our entry (entry-build.ts), the entry itself
 * (entry.ts, which loads Astro's handler beside it) and scripts/ensure-build.ts.
 */

/** The Node adapter's handler module (middleware mode: it exports `handler` and nothing starts). */
export const ASTRO_HANDLER_FILE = 'astro-handler.mjs';

/** Our server entry (src/server/entry.ts), the file every production start runs. */
export const ENTRY_FILE = 'entry.mjs';

/** The folder of our entry's chunks, if the bundler makes any: apart from Astro's `chunks/`. */
export const ENTRY_CHUNKS_DIR = 'entry-chunks';
