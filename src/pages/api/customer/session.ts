/** GET /api/customer/session: the signed-in customer (`data.customer`), or 401 when there is none. */
import { api, ok } from '../../../lib/server/http.ts';
import { requireCustomer } from '../../../lib/server/session.ts';
import { customerJson } from '../../../lib/server/auth-shapes.ts';
import { NO_STORE } from '../../../lib/server/cache-control.ts';

export const GET = api(async (ctx) => ok({ customer: customerJson(await requireCustomer(ctx)) }, { headers: NO_STORE }));
