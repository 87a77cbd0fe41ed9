/** GET /api/customer/product-categories → data.categories (spec 000 §7). */
import { api, ok } from '../../../lib/server/http.ts';
import { getDb } from '../../../lib/server/db/index.ts';
import { listCategories } from '../../../lib/server/services/catalog.ts';
import { categoryJson } from '../../../lib/server/api-shapes.ts';
import { CATALOG_CACHE } from '../../../lib/server/cache-control.ts';

export const GET = api(async () => {
  const categories = await listCategories(await getDb());
  return ok({ categories: categories.map(categoryJson) }, { headers: CATALOG_CACHE });
});
