/** POST /api/customer/add-product (multipart product_id, qty): adds to the cart; answers with the cart. 409 over stock. */
import { api, badRequest, parseId, readBody } from '../../../lib/server/http.ts';
import { getDb } from '../../../lib/server/db/index.ts';
import { addToCart } from '../../../lib/server/services/cart.ts';
import { cartResponse, customerId } from '../../../lib/server/cart-routes.ts';

export const POST = api(async (ctx) => {
  const id = await customerId(ctx);
  const body = await readBody(ctx.request);
  const productId = parseId(body.product_id ?? body.productId, 'Invalid product id.');
  const rawQty = body.qty ?? body.quantity ?? '1';
  const qtyText = String(rawQty).trim();
  if (!/^\d{1,3}$/.test(qtyText) || Number(qtyText) < 1) throw badRequest('Quantity must be a whole number from 1.');
  await addToCart(await getDb(), id, productId, Number(qtyText));
  return cartResponse(ctx, id, 'Item added to cart');
});
