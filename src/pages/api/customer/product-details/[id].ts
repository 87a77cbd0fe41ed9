/** GET /api/customer/product-details/{id} → data.product and data.related_products (spec 000 §7). Unknown id: 404. */
import { api, notFound, ok, parseId } from '../../../../lib/server/http.ts';
import { getDb } from '../../../../lib/server/db/index.ts';
import { getProduct, relatedProducts } from '../../../../lib/server/services/catalog.ts';
import { productDetailJson, productJson } from '../../../../lib/server/api-shapes.ts';
import { CATALOG_CACHE } from '../../../../lib/server/cache-control.ts';

export const GET = api(async ({ params }) => {
  const id = parseId(params.id, 'Invalid product id.');
  const db = await getDb();
  const product = await getProduct(db, id);
  if (!product) throw notFound('No product details found.');
  const related = await relatedProducts(db, product);
  return ok(
    { product: productDetailJson(product), related_products: related.map((p) => productJson(p)) },
    { headers: CATALOG_CACHE },
  );
});
