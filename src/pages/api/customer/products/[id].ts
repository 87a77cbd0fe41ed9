/**
 * GET /api/customer/products/{subcategoryId}?page=&pageSize=&sort=&category= → data.products
 * of a subcategory with paging (spec 000 §7). Id 0 is the All entry: every product, or every
 * product of `category` when given. Unknown subcategory: 404.
 */
import { z } from 'zod';
import { api, badRequest, notFound, ok } from '../../../../lib/http/envelope.ts';
import { getDb } from '../../../../lib/db/index.ts';
import { getCategory, getSubcategory, listProducts } from '../../../../features/catalog/server/catalog.ts';
import { productJson, subcategoryJson } from '../../../../features/catalog/server/shapes.ts';
import { parseListingQuery } from '../../../../features/catalog/server/listing-query.ts';
import { CATALOG_CACHE } from '../../../../lib/cache/cache-control.ts';

const idSchema = z.string().regex(/^\d{1,9}$/);

export const GET = api(async ({ params, url }) => {
  if (!idSchema.safeParse(params.id).success) throw badRequest('Invalid subcategory id.');
  const subcategoryId = Number(params.id);
  const query = parseListingQuery(url);
  const categoryParam = url.searchParams.get('category');
  let categoryId: number | undefined;
  if (categoryParam) {
    if (!idSchema.safeParse(categoryParam).success) throw badRequest('Invalid category id.');
    categoryId = Number(categoryParam);
  }
  const db = await getDb();
  const subcategory = subcategoryId ? await getSubcategory(db, subcategoryId) : null;
  if (subcategoryId && !subcategory) throw notFound('Subcategory not found.');
  if (categoryId && !(await getCategory(db, categoryId))) throw notFound('Category Not Found');
  const page = await listProducts(db, {
    categoryId: subcategory ? subcategory.categoryId : categoryId,
    subcategoryId: subcategoryId || undefined,
    sort: query.sort,
    page: query.page,
    pageSize: query.pageSize,
  });
  return ok(
    {
      subcategory: subcategory ? subcategoryJson(subcategory) : { id: 0, name: 'All', title: 'All' },
      products: page.products.map((p) => productJson(p)),
      total: page.total,
      page: page.page,
      pageSize: page.pageSize,
      totalPages: page.totalPages,
    },
    { headers: CATALOG_CACHE },
  );
});
