/**
 * Run by Playwright before its server (playwright.config.ts): makes the build a demo build, as the
 * e2e server runs the demo shop. Prerendered pages bake in the seller's details, which are the
 * demo's made-up ones only in demo mode (src/lib/config/seller-settings.ts), so the production
 * build of `npm run build` is built again here (seconds), and a fitting one is kept. The build
 * keeps the default site address and the demo shop's zones on its policy pages, as `npm run build`
 * does; the server's checkout still uses the tests' fixed zones.
 */
import { ensureBuild } from '../../scripts/ensure-build.ts';

delete process.env.SITE_URL;
delete process.env.DELIVERY_ZONES_FILE;
ensureBuild({ quiet: true });
