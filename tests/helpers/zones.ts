/**
 * The delivery zones the tests run with: tests/fixtures/zones.json, a copy of zones that stay
 * fixed whatever the demo shop's file says (Central Thrissur 7–9, 9–11 AM, 11 AM–1 PM, 4–6 and
 * 6–8 PM; Greater Thrissur 9–11 AM and 4–6 PM). Vitest's workers and the servers the tests start
 * read it through DELIVERY_ZONES_FILE; the e2e server reads the same zones with room for many
 * orders in each slot (e2eZonesFile); tests about the demo shop's own settings read
 * src/features/delivery/data/zones.json instead.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_SLOT_CAPACITY } from '#features/delivery/rules.ts';

/** Absolute path of the test zones file. */
export const TEST_ZONES_FILE = path.resolve(import.meta.dirname, '../fixtures/zones.json');

/**
 * The test zones with every window's capacity at MAX_SLOT_CAPACITY (1,000 orders), written to the
 * system's temporary directory; returns its path. The e2e tests share one server and place a few
 * hundred orders in parallel, most in the earliest open slot: at the fixture's 15–20 a slot could
 * fill between one test's checkout loading and its Place Order. Tests of a full or closed slot
 * run on servers of their own (tests/delivery).
 */
export function e2eZonesFile(): string {
  const zones = JSON.parse(readFileSync(TEST_ZONES_FILE, 'utf8')) as {
    slotTemplates: Record<string, { windows: { capacity: number }[] }>;
  };
  for (const template of Object.values(zones.slotTemplates))
    for (const window of template.windows) window.capacity = MAX_SLOT_CAPACITY;
  const dir = path.join(os.tmpdir(), 'farmfresh-test-zones');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'e2e-zones.json');
  writeFileSync(file, `${JSON.stringify(zones, null, 2)}\n`);
  return file;
}
