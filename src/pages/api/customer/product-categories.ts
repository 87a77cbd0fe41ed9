/** GET /api/customer/product-categories → data.categories (spec 000 §7). */
import { api, ok } from '../../../lib/http/envelope.ts';
import { getDb } from '../../../lib/db/index.ts';
import { listCategories } from '../../../features/catalog/server/catalog.ts';
import { categoryJson } from '../../../features/catalog/server/shapes.ts';
import { CATALOG_CACHE } from '../../../lib/cache/cache-control.ts';

export const GET = api(async () => {
  const categories = await listCategories(await getDb());
  return ok({ categories: categories.map(categoryJson) }, { headers: CATALOG_CACHE });
});
