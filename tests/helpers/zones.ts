/**
 * The delivery zones the tests run with: tests/fixtures/zones.json, a copy of zones that stay
 * fixed whatever the demo shop's file says (Central Thrissur 7–9, 9–11 AM, 11 AM–1 PM, 4–6 and
 * 6–8 PM; Greater Thrissur 9–11 AM and 4–6 PM). Vitest's workers, the servers the tests start and
 * the e2e server read it through DELIVERY_ZONES_FILE; tests about the demo shop's own settings
 * read src/features/delivery/data/zones.json instead.
 */
import path from 'node:path';

/** Absolute path of the test zones file. */
export const TEST_ZONES_FILE = path.resolve(import.meta.dirname, '../fixtures/zones.json');
