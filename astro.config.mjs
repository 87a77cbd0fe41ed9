// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';

/**
 * Server output with the Node adapter in standalone mode: catalogue pages are rendered per
 * request, content pages opt in to prerendering. Runtime configuration is read from
 * process.env by src/lib/server/config.ts (shared with the CLI scripts), not baked in here.
 */
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  site: process.env.SITE_URL || 'http://localhost:4321',
  server: { host: process.env.HOST || 'localhost', port: Number(process.env.PORT || 4321) },
  security: { checkOrigin: false },
  vite: {
    plugins: [tailwindcss()],
    ssr: { external: ['@electric-sql/pglite', 'pg', 'pino'] },
  },
});
