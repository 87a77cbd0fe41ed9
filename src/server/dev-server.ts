/**
 * `astro dev` behind the same listener as the built server (src/server/listener.ts): an
 * integration that puts the listener first in Vite's dev-server middleware stack, so development
 * answers carry the same security headers and refuse the same bad input as `npm start`. The
 * differences, all because the dev server renders from source for one developer: no page is
 * served from a cache (Astro's route cache does nothing under `astro dev`), nothing is
 * compressed (the middleware's encoder is off), Vite serves the files, and the
 * Content-Security-Policy is DEV_CSP
 * (src/lib/http/security-headers.ts) — Astro's hashed page policy is turned off under `astro dev`,
 * because Vite injects the page's CSS as inline style elements it does not hash (every page
 * rendered unstyled).
 * It also starts the payment simulator in simulator mode, and declares the process a server (so
 * the background jobs run, src/lib/jobs), as the built server's entry does.
 */
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';
import { type PaymentSimulator, startConfiguredSimulator } from '#features/payments/index.ts';
import { logger } from '#lib/log.ts';
import { declareServerProcess, stopServerProcess } from '#lib/server-process.ts';
import { createListener } from './listener.ts';

/** The Vite plugin (development server only). */
function devListener(): Plugin {
  return {
    name: 'farmfresh:dev-listener',
    apply: 'serve',
    configureServer(server) {
      // Registered directly (not returned), so it runs before Vite's and Astro's own handlers.
      server.middlewares.use(createListener((_req, _res, next) => next!(), { dev: true }));
    },
  };
}

/**
 * The integration: under `astro dev` only, the shared listener and the development policy, and
 * the payment simulator with PAYMENT_GATEWAY=simulator (demo mode's default), its webhooks sent
 * to the dev server's port. A taken simulator port is logged; the shop runs without online payments.
 */
export function devServer(): AstroIntegration {
  let simulator: PaymentSimulator | null = null;
  return {
    name: 'farmfresh:dev-server',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        if (command !== 'dev') return;
        updateConfig({ security: { csp: false }, vite: { plugins: [devListener()] } });
      },
      'astro:server:start': async ({ address }) => {
        declareServerProcess();
        try {
          simulator = await startConfiguredSimulator(address.port);
        } catch (err) {
          logger.error({ err }, 'payment simulator not started: online payments fail until it runs');
        }
      },
      'astro:server:done': async () => {
        await stopServerProcess(5_000);
        await simulator?.close();
        simulator = null;
      },
    },
  };
}
