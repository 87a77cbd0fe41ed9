/** GET /api/customer/my-cart → data.my_cart (lines) and data.summary (totals with the delivery fee). */
import { api } from '../../../lib/http/envelope.ts';
import { cartResponse, customerId } from '../../../features/cart/server/respond.ts';

export const GET = api(async (ctx) => cartResponse(ctx, await customerId(ctx)));
