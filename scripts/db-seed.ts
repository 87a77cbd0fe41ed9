/**
 * `npm run db:seed`: replaces the configured database's contents with the demo shop.
 * The shop is reset (customers, carts and orders too) and staff members are kept; on a non-empty
 * database it asks for `--yes`. Outside demo mode (DEMO_MODE=true) it refuses a database that
 * holds orders, with exit code 1 and the reason, `--yes` or not, and keeps the audit log; in demo
 * mode it empties the audit log too (ADR 0118).
 */

import { SeedRefusedError, seedDemoShop } from '#features/demo-shop/index.ts';
import { getConfig } from '#lib/config.ts';
import { isDatabaseEmpty, migrateDatabase } from '#lib/db/index.ts';
import { openDatabaseForCli } from './cli-database.ts';

const handle = await openDatabaseForCli();
try {
  await migrateDatabase(handle);
  if (!(await isDatabaseEmpty(handle.db)) && !process.argv.includes('--yes')) {
    console.error(
      getConfig().DEMO_MODE
        ? 'The database is not empty: re-seeding resets the shop in it (customers, carts, orders and the audit log too); staff members are kept.'
        : 'The database is not empty: re-seeding resets the shop in it (customers and carts too); staff members and the audit log are kept, and a database with orders is refused.',
    );
    console.error('Run `npm run db:seed -- --yes` to go ahead.');
    process.exitCode = 1;
  } else {
    const result = await seedDemoShop(handle.db, { demoCustomer: true });
    console.log(
      `Demo shop seeded (${handle.kind}): ${result.categories} categories, ${result.products} products; staff members kept.`,
    );
  }
} catch (err) {
  process.exitCode = 1;
  if (err instanceof SeedRefusedError) console.error(`Seeding refused: ${err.message}`);
  else {
    const message = err instanceof Error ? err.message : String(err);
    console.error(`Seeding failed: ${message}`);
    if (/lock|busy|in use/i.test(message))
      console.error('Is `npm start` running on the same PGlite data dir? Stop it first.');
  }
} finally {
  await handle.close();
}
