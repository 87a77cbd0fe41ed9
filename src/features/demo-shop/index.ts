/**
 * The demo shop (DEMO_MODE, SEED_DEMO): its data seeded into a database, for the scripts and the server's start-up.
 */
export { SeedRefusedError, seedDemoShop, seedEmptyDatabase } from './seed.ts';
