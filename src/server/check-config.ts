/**
 * Stops the process before anything else runs when the configuration is invalid (a bad value, a
 * demo-only setting in production, a replaced variable), with every problem named and no stack
 * trace. Imported first by the server's wiring (src/server/wiring.ts), which the entry and the
 * middleware import before anything else reads the configuration.
 */
import { getConfig } from '#lib/config.ts';

try {
  getConfig();
} catch (err) {
  console.error(`FarmFresh cannot start. ${(err as Error).message}`);
  process.exit(1);
}
