// @ts-check
import { defineConfig } from 'astro/config';
import node, { getAdapter } from '@astrojs/node';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { CSP_DIRECTIVES } from './src/lib/http/security-headers.ts';
import { headScriptHash } from './src/layouts/head-script.ts';
import { getConfig } from './src/lib/config.ts';
import { devServer } from './src/server/dev-server.ts';
import { precompressDir } from './src/server/precompressed.ts';

// Build-time settings come from the same validated configuration as the server's (a bad
// SITE_URL stops the build with the variable named). HOST and PORT here only serve `astro dev`
// and `astro preview`; the built server reads them again when it starts.
const config = getConfig();

// The adapter writes each prerendered page's Content-Security-Policy to dist/_headers.json and
// serves it as a header (instead of a <meta> tag, which cannot carry frame-ancestors).
const STATIC_HEADERS = true;

/**
 * Server output with the Node adapter in middleware mode: catalogue pages are rendered per
 * request, content pages opt in to prerendering. Runtime configuration is read from
 * process.env by src/lib/config.ts (shared with the CLI scripts); prerendered pages bake in
 * SITE_URL, SHOP_* and MEDIA_BASE_URL (scripts/ensure-build.ts rebuilds when they change).
 *
 * Security: `security.csp` makes Astro hash every script and style it renders into
 * the page's Content-Security-Policy header, with our own directives (src/lib/http/security-headers.ts)
 * and the hash of the one inline script (src/layouts/head-script.ts); no 'unsafe-inline' for scripts.
 * The Node adapter runs in middleware mode: its handler renders pages and endpoints, and the one
 * server entry, src/server/entry.ts (built to dist/server/entry.mjs), puts it behind our listener
 * with the build's static files and serves it over HTTP or HTTPS, in one process or a cluster,
 * under npm start, astro preview and `node dist/server/entry.mjs` alike; `astro dev` runs the same
 * listener in front of Vite (src/server/dev-server.ts).
 */
export default defineConfig({
  output: 'server',
  // Pages render to a string, not a stream (the adapter's documented option): a page is sent
  // whole anyway, compressed once and maybe cached.
  adapter: node({ mode: 'middleware', staticHeaders: STATIC_HEADERS, experimentalDisableStreaming: true }),
  integrations: [
    // React islands render through React's streaming renderer, which gives each island its own
    // useId prefix (the one it hydrates with); the string renderer does not pass it
    // (docs/upstream/astrojs-react-identifier-prefix.md).
    react(),
    // `astro dev` behind the same listener (headers, compression), with a development CSP.
    devServer(),
    {
      // The Node adapter with our server entry (src/server/entry.ts serves @astrojs/node/server.js's handler).
      name: 'farmfresh:server-entry',
      hooks: {
        'astro:config:done': ({ setAdapter }) => {
          setAdapter({
            ...getAdapter({ staticHeaders: STATIC_HEADERS }),
            serverEntrypoint: fileURLToPath(new URL('./src/server/entry.ts', import.meta.url)),
          });
        },
      },
    },
    {
      // Brotli and gzip copies beside every text file of dist/client, served by the listener
      // (src/server/precompressed.ts).
      name: 'farmfresh:precompress',
      hooks: {
        'astro:build:done': ({ dir, logger }) => {
          const clientDir = fileURLToPath(new URL('../client/', new URL('.', dir)));
          const { files, bytes, brBytes } = precompressDir(fs.existsSync(clientDir) ? clientDir : fileURLToPath(dir));
          logger.info(`precompressed ${files} files: ${bytes} -> ${brBytes} bytes (br)`);
        },
      },
    },
    {
      // client:interact — hydrate an island on first hover, focus, touch or click (src/client-directives/interact.ts).
      name: 'farmfresh:client-interact',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) => {
          addClientDirective({ name: 'interact', entrypoint: './src/client-directives/interact.ts' });
        },
      },
    },
    {
      // client:signedin — hydrate when idle, only for a signed-in visitor or once one signs in (src/client-directives/signedin.ts).
      name: 'farmfresh:client-signedin',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) => {
          addClientDirective({ name: 'signedin', entrypoint: './src/client-directives/signedin.ts' });
        },
      },
    },
  ],
  // Astro's route cache with our provider: anonymous catalogue pages kept compressed in memory,
  // tagged by what they show and invalidated when the catalogue snapshot sees a change
  // (src/lib/cache/route-cache.ts, src/features/catalog/server/page-tags.ts, docs/adr/0050-route-cache.md).
  cache: { provider: { name: 'farmfresh-route-cache', entrypoint: './src/lib/cache/route-cache.ts' } },
  site: config.SITE_URL,
  server: { host: config.HOST, port: config.PORT },
  security: {
    // Our middleware checks the origin of every unsafe request (src/lib/http/request-origin.ts).
    checkOrigin: false,
    csp: {
      directives: [...CSP_DIRECTIVES],
      scriptDirective: { hashes: [headScriptHash()] },
      // Style elements by hash; style="" attributes (React islands, Leaflet, Swiper) need 'unsafe-inline'.
      styleDirective: { resources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' }] },
    },
  },
  vite: {
    plugins: [tailwindcss()],
    // pdfkit reads its font metrics from its own folder at run time: loaded from node_modules, not bundled.
    ssr: { external: ['@electric-sql/pglite', 'pg', 'pino', 'pdfkit'] },
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              // Swiper's modules make a chunk of their own, so the bundler never places shared
              // kernel code (e.g. #lib/images.ts) in it and pages without a carousel never load it.
              codeSplitting: { groups: [{ name: 'swiper', test: /[\\/]node_modules[\\/]swiper[\\/]/ }] },
            },
          },
        },
      },
    },
  },
});
