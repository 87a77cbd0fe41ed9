/**
 * A product's details: what its page shows beyond the card the catalogue snapshot keeps (SKU,
 * gallery, description, additional information, highlights, rating, declarations). They are read
 * from the database by key (one primary-key query) and kept in a bounded least-recently-used
 * cache per snapshot (snapshot-model.ts `details`): a process's memory then grows with the
 * products its pages show, not with the catalogue. A change the snapshot applies to a product
 * evicts its entry, so a changed description shows as fast as a changed price.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '#lib/db/index.ts';
import { products } from '#lib/db/schema.ts';
import { type ProductDetailFields, toProductDetailFields } from './catalog.ts';
import { DECLARATION_COLUMNS } from './declaration-columns.ts';

/**
 * Most products whose details one snapshot keeps. Details weigh about 1–3 KB each with real text
 * (a description of a few hundred characters, highlights, declarations), so the cache stays
 * within a few MB whatever the catalogue.
 */
export const PRODUCT_DETAILS_CACHE_SIZE = 2_000;

const detailOnlyColumns = {
  sku: products.sku,
  images: products.images,
  description: products.description,
  additionalInformation: products.additionalInformation,
  highlights: products.highlights,
  rating: products.rating,
  ...DECLARATION_COLUMNS,
};

/** The details of product `id`, on sale or not (the snapshot says whether it is), or null when there is no such row. */
export async function readProductDetails(db: Database, id: number): Promise<ProductDetailFields | null> {
  const [row] = await db.select(detailOnlyColumns).from(products).where(eq(products.id, id));
  return row ? toProductDetailFields(row) : null;
}

/**
 * A least-recently-used map of at most `capacity` entries (a Map keeps insertion order: a hit
 * moves its key to the end, the first key is the least recently used).
 */
export class LruCache<K, V> {
  readonly #entries = new Map<K, V>();
  readonly capacity: number;

  constructor(capacity: number) {
    this.capacity = Math.max(1, capacity);
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value as K);
  }

  /** Removes `key`; true when it was there. */
  delete(key: K): boolean {
    return this.#entries.delete(key);
  }

  /** Whether `value` is still the entry of `key`. */
  holds(key: K, value: V): boolean {
    return this.#entries.get(key) === value;
  }
}
