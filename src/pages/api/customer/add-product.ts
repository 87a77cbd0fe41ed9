/** POST /api/customer/add-product (multipart product_id, qty): adds to the cart; answers with the cart. 409 over stock. */
import { api, badRequest, parseId, readBody } from '../../../lib/http/envelope.ts';
import { getDb } from '../../../lib/db/index.ts';
import { addToCart } from '../../../features/cart/server/cart.ts';
import { cartResponse, customerId } from '../../../features/cart/server/respond.ts';

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
