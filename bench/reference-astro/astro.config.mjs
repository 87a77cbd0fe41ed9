// @ts-check
/**
 * The bench's bare Astro reference (bench/README.md): the shop's own `astro` and `@astrojs/node`
 * packages, resolved from the repository's node_modules, with the adapter's defaults — no
 * integrations, no islands, no middleware, no database. `npm run bench` builds it with
 * `astro build --root bench/reference-astro` when it is missing or older than its sources.
 */

import node from '@astrojs/node';
import { defineConfig } from 'astro/config';

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
});
