/**
 * A build-time change to `@astrojs/node`'s standalone handler (issue 13): a request the listener
 * has marked with SKIP_STATIC goes to Astro's app handler directly, without first asking the
 * static handler for a file it cannot be (src/server/static-paths.ts says which). Everything
 * else, the bad-URL check included, runs as before (applied by src/server/source-rewrites.ts).
 */
import type { SourceRewrite } from './source-rewrites.ts';
import { SKIP_STATIC } from './static-paths.ts';

/** The rewrite of the one call in @astrojs/node's standalone handler. */
export const NODE_APP_HANDLER_REWRITE: SourceRewrite = {
  name: 'node app handler',
  file: /[\\/]@astrojs[\\/]node[\\/]dist[\\/]standalone\.js$/,
  find: 'staticHandler(req, res, () => appHandler(req, res));',
  replace: `if (req.${SKIP_STATIC} === true) appHandler(req, res); else staticHandler(req, res, () => appHandler(req, res));`,
  whenMissing: 'check how @astrojs/node routes static files now and update or drop this rewrite',
};
