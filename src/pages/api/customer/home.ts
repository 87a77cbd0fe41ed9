/** GET /api/customer/home → data.banners and data.products (the first 10), plus data.categories (spec 000 §7). */
import { api, ok } from '../../../lib/http/envelope.ts';
import { getDb } from '../../../lib/db/index.ts';
import { listBanners, listCategories, listProducts } from '../../../features/catalog/server/catalog.ts';
import { bannerJson, categoryJson, homeProductJson } from '../../../features/catalog/server/shapes.ts';
import { HOME_PRODUCT_LIMIT } from '../../../features/catalog/rules.ts';
import { CATALOG_CACHE } from '../../../lib/cache/cache-control.ts';

export const GET = api(async () => {
  const db = await getDb();
  const [banners, categories, page] = await Promise.all([
    listBanners(db),
    listCategories(db),
    listProducts(db, { pageSize: HOME_PRODUCT_LIMIT }),
  ]);
  return ok(
    {
      banners: banners.map(bannerJson),
      categories: categories.map(categoryJson),
      products: page.products.map((p) => homeProductJson(p)),
    },
    { headers: CATALOG_CACHE },
  );
});
