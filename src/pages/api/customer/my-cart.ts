/** GET /api/customer/my-cart → data.my_cart (lines) and data.summary (totals with the delivery fee). */
import { api } from '../../../lib/server/http.ts';
import { cartResponse, customerId } from '../../../lib/server/cart-routes.ts';

export const GET = api(async (ctx) => cartResponse(ctx, await customerId(ctx)));
