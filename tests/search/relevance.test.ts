/**
 * Search relevance: the demo shop's query set (always) and the 60+ query set over the
 * 20,000-product BigBasket catalogue (when /work/shared/data/bigbasket-products.csv, or the file
 * named by BIGBASKET_CSV, is present; skipped with a message otherwise): the expected product or
 * category is in the first three results for at least 95% of the queries.
 */
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalogCsv } from '#features/catalog/server/import.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { BIGBASKET_CASES, DEMO_CASES, measureRelevance } from '#features/search/server/relevance.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

const BIGBASKET = process.env.BIGBASKET_CSV ?? '/work/shared/data/bigbasket-products.csv';
const haveBigBasket = existsSync(BIGBASKET);

describe.each(testDatabaseKinds())('relevance over the demo shop on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await seedDemoShop(handle.db);
  });
  afterAll(async () => handle?.close());

  it(`finds the expected product in the top 3 for ≥ 95% of ${DEMO_CASES.length} queries`, async () => {
    expect(DEMO_CASES.length).toBeGreaterThanOrEqual(20);
    const report = await measureRelevance(handle.db, DEMO_CASES, 1);
    expect(report.misses).toEqual([]);
  });
});

if (!haveBigBasket)
  console.warn(`Skipping the BigBasket relevance set: ${BIGBASKET} is absent (set BIGBASKET_CSV to its path).`);

describe.skipIf(!haveBigBasket)('relevance over the 20,000-product BigBasket catalogue on pglite', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase('pglite');
    await importCatalogCsv(handle.db, readFileSync(BIGBASKET, 'utf8'));
  }, 300_000);
  afterAll(async () => handle?.close());

  it(`finds the expected product or category in the top 3 for ≥ 95% of ${BIGBASKET_CASES.length} queries`, async () => {
    expect(BIGBASKET_CASES.length).toBeGreaterThanOrEqual(60);
    for (const kind of ['english', 'hindi', 'malayalam', 'typo', 'brand'])
      expect(BIGBASKET_CASES.some((c) => c.kind === kind)).toBe(true);
    const report = await measureRelevance(handle.db, BIGBASKET_CASES, 1);
    expect(report.hitAt3, JSON.stringify(report.misses, null, 1)).toBeGreaterThanOrEqual(0.95);
  }, 120_000);
});
