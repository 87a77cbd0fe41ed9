/**
 * The back office's product search asks the storefront's search engine (the search feature),
 * which imports the catalogue, so the catalogue cannot import it: the server's start-up
 * registers it here (src/server/wiring.ts). Without one (tools, tests), names and SKUs match alone.
 */
import type { Database } from '#lib/db/index.ts';

/** Ids of the products matching `text`, best first (at most `limit`). */
export type ProductSearch = (db: Database, text: string, limit: number) => Promise<number[]>;

let search: ProductSearch | undefined;

/** Installs the search (once, at start-up). */
export function registerProductSearch(next: ProductSearch): void {
  search = next;
}

/** The registered search's hits for `text`, or none. */
export async function searchProductIds(db: Database, text: string, limit: number): Promise<number[]> {
  return search && text.trim() ? search(db, text, limit) : [];
}
