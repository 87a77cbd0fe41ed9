/**
 * GET /api/customer/product-subcategories/{categoryId}?subcategory=&page=&pageSize=&sort=
 * → data.category, data.subcategories and one page of data.products with total, page,
 * pageSize and totalPages (spec 000 §7). Unknown category: 404.
 */
import { api, notFound, ok, parseId } from '../../../../lib/http/envelope.ts';
import { getDb } from '../../../../lib/db/index.ts';
import { getCategory, listProducts, listSubcategories } from '../../../../features/catalog/server/catalog.ts';
import { categoryJson, productJson, subcategoryJson } from '../../../../features/catalog/server/shapes.ts';
import { parseListingQuery } from '../../../../features/catalog/server/listing-query.ts';
import { CATALOG_CACHE } from '../../../../lib/cache/cache-control.ts';

export const GET = api(async ({ params, url }) => {
  const categoryId = parseId(params.id, 'Invalid category id.');
  const query = parseListingQuery(url);
  const db = await getDb();
  const category = await getCategory(db, categoryId);
  if (!category) throw notFound('Category Not Found');
  const subcategories = await listSubcategories(db, categoryId);
  if (query.subcategory && !subcategories.some((s) => s.id === query.subcategory)) {
    throw notFound('Subcategory not found in this category.');
  }
  const page = await listProducts(db, {
    categoryId,
    subcategoryId: query.subcategory,
    sort: query.sort,
    page: query.page,
    pageSize: query.pageSize,
  });
  return ok(
    {
      category: categoryJson(category),
      subcategories: subcategories.map(subcategoryJson),
      products: page.products.map((p) => productJson(p)),
      total: page.total,
      page: page.page,
      pageSize: page.pageSize,
      totalPages: page.totalPages,
    },
    { headers: CATALOG_CACHE },
  );
});
