/**
 * Imported first by src/server/entry.ts: remembers whether this process should start a server
 * (`node dist/server/entry.mjs`; `astro preview` and scripts/server.ts set
 * ASTRO_NODE_AUTOSTART=disabled and listen themselves), then keeps @astrojs/node's own server from
 * starting, so every server runs our listener (src/server/listener.ts).
 */
export const AUTOSTART = process.env.ASTRO_NODE_AUTOSTART !== 'disabled';
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
