/**
 * The production HTTP server: the request listener of the built entry (dist/server/entry.mjs,
 * src/server/entry.ts — security headers, compression, the page micro-cache, then Astro with its
 * static files and server-rendered routes) on HOST:PORT (default localhost:4321), with
 * keep-alive tuned for a proxy in front and a clean stop on SIGTERM/SIGINT. `astro preview` and
 * `node dist/server/entry.mjs` run the same listener, so the headers are identical.
 * On PGlite it takes the data folder's lock before listening, so a second server on the same
 * folder exits at once with a clear message (every process also takes it when it opens the
 * database, whatever its entry point). A delivery zones file (DELIVERY_ZONES_FILE) that is not
 * valid stops it before it listens, with every problem listed.
 * Usage: `node scripts/server.ts` after `npm run build` (npm start does both).
 */
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { logSmsStartupWarning } from '../src/features/auth/server/sms.ts';
import { getConfig } from '../src/lib/config.ts';
import { lockDataDirOrExit } from './cli-database.ts';
import { DeliveryConfigError, deliveryConfig } from '../src/features/delivery/server/zones.ts';

process.env.ASTRO_NODE_AUTOSTART = 'disabled';

const config = getConfig();
// A bad delivery zones file stops the server before it listens, with every problem listed.
try {
  deliveryConfig();
} catch (err) {
  if (!(err instanceof DeliveryConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}
lockDataDirOrExit();

// DIST_DIR names another build folder (e.g. a per-engineer `.build/NAME`); default `dist`.
const entry = pathToFileURL(path.resolve(config.DIST_DIR, 'server/entry.mjs')).href;
const { handler } = (await import(entry)) as { handler: (req: http.IncomingMessage, res: http.ServerResponse) => void };

const { HOST: host, PORT: port } = config;
const server = http.createServer(handler);
server.keepAliveTimeout = 65_000;
server.listen(port, host, () => {
  // The adapter's own switch (not shop configuration): tests silence the start-up line.
  if (process.env.ASTRO_NODE_LOGGING !== 'disabled') console.log(`Server listening on http://${host}:${port}`);
  // Production without SMS_SENDER: browsing works, OTP sign-in answers 503; say so once.
  try {
    logSmsStartupWarning();
  } catch {
    /* a bad configuration is reported by the first request, with the variable named */
  }
});

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
