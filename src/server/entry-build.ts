/**
 * The integration that builds our server entry: at the end of `astro build` it bundles
 * src/server/entry.ts with Vite's `build()` (server-side, the project's own modules inlined,
 * node_modules left as imports) to dist/server/entry.mjs, beside the Node adapter's handler
 * (dist/server/astro-handler.mjs, named by `build.serverEntry` in astro.config.mjs), which the
 * entry loads at run time. Any chunks go to dist/server/entry-chunks/, apart from Astro's.
 *
 * Why a bundle of its own: the adapter's entry in middleware mode only exports `handler`; Astro
 * has no option to build a second server entry, and swapping the adapter's entry for ours is not
 * one of its documented doors.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'vite';
import { ENTRY_CHUNKS_DIR, ENTRY_FILE } from './build-files.ts';

/** The integration (does nothing under `astro dev`). */
export function serverEntry(): AstroIntegration {
  let root = '';
  let serverDir = '';
  return {
    name: 'farmfresh:server-entry',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
        serverDir = fileURLToPath(config.build.server);
      },
      'astro:build:done': async ({ logger }) => {
        const started = performance.now();
        await build({
          configFile: false,
          root,
          mode: 'production',
          publicDir: false,
          logLevel: 'warn',
          ssr: { target: 'node', external: true },
          build: {
            ssr: fileURLToPath(new URL('./entry.ts', import.meta.url)),
            outDir: serverDir,
            emptyOutDir: false,
            copyPublicDir: false,
            minify: false,
            rolldownOptions: {
              output: {
                format: 'es',
                entryFileNames: ENTRY_FILE,
                chunkFileNames: `${ENTRY_CHUNKS_DIR}/[name]-[hash].mjs`,
              },
            },
          },
        });
        logger.info(`server entry ${ENTRY_FILE} built in ${Math.round(performance.now() - started)} ms`);
      },
    },
  };
}
