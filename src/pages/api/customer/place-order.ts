/**
 * POST /api/customer/place-order {address_id, payment_mode, paid_amount, customer_note?,
 * promocode?, discount?, points} (JSON or form), optional `Idempotency-Key` header.
 * Payment modes: cod → Cash, card → Card, credit → Credit (spec 001 §9); online → Online only
 * when PAYMENT_GATEWAY is configured. 201 with data.order for a new order; 200 with the same
 * order when the key and body were seen before; 422 when the key came with another body.
 * 409 with the server's figures when the client's differ, or when a parallel request already
 * ordered this cart. 402 "Payment failed: …" when an online charge is declined (logged with the
 * request id; nothing is kept, the cart is restored).
 */
import { api, ok, readBody, AppError } from '../../../lib/http/envelope.ts';
import { getDb } from '../../../lib/db/index.ts';
import { placeOrder } from '../../../features/orders/server/place-order.ts';
import { PAYMENT_MODE_ALIASES as MODES, placeOrderSchema as schema } from '../../../features/checkout/rules.ts';
import { requireCustomer, setCartHint } from '../../../features/auth/server/session.ts';
import { orderJson } from '../../../features/orders/server/shapes.ts';
import { rupeesToPaise } from '../../../lib/money.ts';
import { NO_STORE } from '../../../lib/cache/cache-control.ts';

export const POST = api(async (ctx) => {
  const customer = await requireCustomer(ctx);
  const body = schema.parse(await readBody(ctx.request));
  const key = ctx.request.headers.get('idempotency-key')?.trim() || undefined;
  if (key && !/^[\w.:-]{8,100}$/.test(key)) throw new AppError('bad_request', 'Idempotency-Key must be 8 to 100 letters, digits, dots, colons, dashes or underscores.');
  const { order, created } = await placeOrder(await getDb(), customer.id, {
    addressId: Number(body.address_id),
    paymentMode: MODES[body.payment_mode]!,
    paidAmountPaise: rupeesToPaise(body.paid_amount),
    discountPaise: body.discount !== undefined && body.discount !== '' ? rupeesToPaise(body.discount) : undefined,
    promoCode: body.promocode || undefined,
    customerNote: body.customer_note,
    points: Number(body.points || '0'),
    idempotencyKey: key,
  }, { reqId: ctx.locals.reqId });
  setCartHint(ctx.cookies, ctx, 0); // the order emptied the cart
  return ok({ order: orderJson(order), order_id: order.id, success: true }, { status: created ? 201 : 200, message: 'Order placed successfully!', headers: NO_STORE });
});
