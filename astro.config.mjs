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
  integrations: [
    react(),
    {
      // client:interact — hydrate an island on first hover, focus, touch or click (src/client-directives/interact.ts).
      name: 'farmfresh:client-interact',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) => {
          addClientDirective({ name: 'interact', entrypoint: './src/client-directives/interact.ts' });
        },
      },
    },
  ],
  site: process.env.SITE_URL || 'http://localhost:4321',
  server: { host: process.env.HOST || 'localhost', port: Number(process.env.PORT || 4321) },
  security: { checkOrigin: false },
  vite: {
    plugins: [tailwindcss()],
    ssr: { external: ['@electric-sql/pglite', 'pg', 'pino'] },
  },
});
