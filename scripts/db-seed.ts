/**
 * `npm run db:seed`: replaces the configured database's contents with the demo shop.
 * The shop is reset (customers, carts and orders too) and staff members are kept; on a non-empty
 * database it asks for `--yes` so nobody wipes a real shop by accident.
 */

import { seedDemoShop } from '#features/demo-shop/index.ts';
import { isDatabaseEmpty, migrateDatabase } from '#lib/db/index.ts';
import { openDatabaseForCli } from './cli-database.ts';

const handle = await openDatabaseForCli();
try {
  await migrateDatabase(handle);
  if (!(await isDatabaseEmpty(handle.db)) && !process.argv.includes('--yes')) {
    console.error(
      'The database is not empty: re-seeding resets the shop in it (customers, carts and orders too); staff members are kept.',
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
  const message = err instanceof Error ? err.message : String(err);
  console.error(`Seeding failed: ${message}`);
  if (/lock|busy|in use/i.test(message))
    console.error('Is `npm start` running on the same PGlite data dir? Stop it first.');
  process.exitCode = 1;
} finally {
  await handle.close();
}
