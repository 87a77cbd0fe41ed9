/** GET /api/customer/product-details/{id} → data.product and data.related_products (spec 000 §7). Unknown id: 404. */
import { api, notFound, ok, parseId } from '../../../../lib/http/envelope.ts';
import { getDb } from '../../../../lib/db/index.ts';
import { getProduct, relatedProducts } from '../../../../features/catalog/server/catalog.ts';
import { productDetailJson, productJson } from '../../../../features/catalog/server/shapes.ts';
import { CATALOG_CACHE, NO_STORE } from '../../../../lib/cache/cache-control.ts';
import { getCustomer } from '../../../../features/auth/server/session.ts';
import { wishlistedIds } from '../../../../features/wishlist/server.ts';

export const GET = api(async (ctx) => {
  const { params } = ctx;
  const id = parseId(params.id, 'Invalid product id.');
  const db = await getDb();
  const product = await getProduct(db, id);
  if (!product) throw notFound('No product details found.');
  const related = await relatedProducts(db, product);
  // A signed-in customer sees their wishlist state; such answers are personal, never cached.
  const customer = await getCustomer(ctx);
  const wished = customer ? await wishlistedIds(db, customer.id, [product.id, ...related.map((p) => p.id)]) : new Set<number>();
  return ok(
    {
      product: productDetailJson(product, { wishlisted: wished.has(product.id) }),
      related_products: related.map((p) => productJson(p, { wishlisted: wished.has(p.id) })),
    },
    { headers: customer ? NO_STORE : CATALOG_CACHE },
  );
});
