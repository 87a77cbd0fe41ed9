/**
 * A build-time change to `@astrojs/node`'s standalone handler (issue 13): a request the listener
 * has marked with SKIP_STATIC goes to Astro's app handler directly, without first asking the
 * static handler for a file it cannot be (src/server/static-paths.ts says which). Everything
 * else, the bad-URL check included, runs as before. The plugin fails the build when the call it
 * rewrites is no longer there, so an upgrade that changes the handler is noticed.
 */
import type { Plugin } from 'vite';
import { SKIP_STATIC } from './static-paths.ts';

const CALL = 'staticHandler(req, res, () => appHandler(req, res));';
const ROUTED = `if (req.${SKIP_STATIC} === true) appHandler(req, res); else staticHandler(req, res, () => appHandler(req, res));`;

/** The Vite plugin: rewrites the one call in @astrojs/node's standalone handler. */
export function nodeAppHandler(): Plugin {
  return {
    name: 'farmfresh:node-app-handler',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]@astrojs[\\/]node[\\/]dist[\\/]standalone\.js$/.test(id.split('?')[0])) return null;
      if (code.includes(ROUTED)) return null;
      if (!code.includes(CALL)) {
        throw new Error(`farmfresh:node-app-handler: "${CALL}" not found in ${id}; check how @astrojs/node routes static files now and update or drop this plugin`);
      }
      return { code: code.replace(CALL, ROUTED), map: null };
    },
  };
}
