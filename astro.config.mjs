// @ts-check

import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import compressor from 'astro-compressor';
import { headScriptHash } from './src/layouts/head-script.ts';
import { getConfig } from './src/lib/config.ts';
import { CSP_DIRECTIVES } from './src/lib/http/security-headers.ts';
import { ASTRO_HANDLER_FILE } from './src/server/build-files.ts';
import { devServer } from './src/server/dev-server.ts';
import { serverEntry } from './src/server/entry-build.ts';

// Build-time settings come from the same validated configuration as the server's (a bad
// SITE_URL stops the build with the variable named). HOST and PORT here only serve `astro dev`;
// the built server reads them again when it starts.
const config = getConfig();

/**
 * Server output with the Node adapter in middleware mode: catalogue pages are rendered per
 * request, content pages opt in to prerendering. Runtime configuration is read from
 * process.env by src/lib/config.ts (shared with the CLI scripts); prerendered pages bake in
 * SITE_URL, SHOP_* and MEDIA_BASE_URL (scripts/ensure-build.ts rebuilds when they change).
 *
 * Security: `security.csp` makes Astro hash every script and style it renders into
 * the page's Content-Security-Policy header, with our own directives (src/lib/http/security-headers.ts)
 * and the hash of the one inline script (src/layouts/head-script.ts); no 'unsafe-inline' for scripts.
 * The Node adapter runs in middleware mode, as its documentation shows: its `handler` renders
 * pages and endpoints and is built to dist/server/astro-handler.mjs (`build.serverEntry`). Our
 * server entry, src/server/entry.ts, is bundled to dist/server/entry.mjs after the build
 * (src/server/entry-build.ts) and puts that handler behind our listener with the build's files
 * (sirv), over HTTP or HTTPS, in one process or a cluster: `npm start` and
 * `node dist/server/entry.mjs` run it. `astro preview` serves the adapter's handler alone (no
 * files, no headers of ours), so it is not a way to serve the shop. `astro dev` runs the same
 * listener in front of Vite (src/server/dev-server.ts).
 */
export default defineConfig({
  output: 'server',
  // Pages render to a string, not a stream (the adapter's documented option): a page is sent
  // whole anyway, compressed once and maybe cached.
  // `staticHeaders`: the adapter writes each prerendered page's Content-Security-Policy to
  // dist/_headers.json, which our entry sends as a header (a <meta> tag cannot carry frame-ancestors).
  adapter: node({ mode: 'middleware', staticHeaders: true, experimentalDisableStreaming: true }),
  build: { serverEntry: ASTRO_HANDLER_FILE },
  integrations: [
    // React islands render through React's streaming renderer, which gives each island its own
    // useId prefix (the one it hydrates with); the string renderer does not pass it
    // (docs/upstream/astrojs-react-identifier-prefix.md).
    react(),
    // `astro dev` behind the same listener (headers, the edge gate), with a development CSP.
    devServer(),
    // Our server entry, bundled to dist/server/entry.mjs once Astro's build is done.
    serverEntry(),
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
    // Brotli and gzip copies beside every text file of dist/client, which sirv sends to a client
    // that takes them (src/server/client-files.ts); no zstd, which sirv does not serve. Last, as
    // its documentation asks, so it sees every file the build wrote.
    compressor({ gzip: true, brotli: true, zstd: false }),
  ],
  // Astro's route cache with our provider: anonymous catalogue pages kept compressed in memory,
  // tagged by what they show and invalidated when the catalogue snapshot sees a change
  // (src/lib/cache/route-cache.ts, src/features/catalog/server/page-tags.ts, docs/adr/0050-route-cache.md).
  cache: { provider: { name: 'farmfresh-route-cache', entrypoint: './src/lib/cache/route-cache.ts' } },
  // The shop's Markdown (src/content) has no code blocks; Shiki's highlighting would write inline
  // styles, which the Content-Security-Policy below does not allow in elements.
  markdown: { syntaxHighlight: false },
  site: config.SITE_URL,
  server: { host: config.HOST, port: config.PORT },
  security: {
    // Our middleware checks the origin of every unsafe request (src/lib/http/request-origin.ts).
    checkOrigin: false,
    csp: {
      directives: [...CSP_DIRECTIVES],
      scriptDirective: { hashes: [headScriptHash()] },
      // Each style source where it applies: stylesheets from 'self' and <style> elements by hash
      // (style-src-elem), and style="" attributes, which React islands, Leaflet and Swiper write,
      // with 'unsafe-inline' (style-src-attr). A source in style-src as well would not reach the
      // scoped directives, which browsers read instead of it.
      styleDirective: {
        resources: [
          { resource: "'self'", kind: 'element' },
          { resource: "'unsafe-inline'", kind: 'attribute' },
        ],
      },
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
              // The API client (client.ts and the api-client.ts under it) is one chunk: every page's
              // islands load both, and split in two they cost each page one more file.
              codeSplitting: {
                groups: [
                  { name: 'swiper', test: /[\\/]node_modules[\\/]swiper[\\/]/ },
                  { name: 'api-client', test: /[\\/]src[\\/]lib[\\/]http[\\/](api-)?client\.ts$/ },
                ],
              },
            },
          },
        },
      },
    },
  },
});
