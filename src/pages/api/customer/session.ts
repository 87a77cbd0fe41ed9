/** GET /api/customer/session: the signed-in customer (`data.customer`), or 401 when there is none. */
import { api, ok } from '../../../lib/http/envelope.ts';
import { requireCustomer } from '../../../features/auth/server/session.ts';
import { customerJson } from '../../../features/auth/server/shapes.ts';
import { NO_STORE } from '../../../lib/cache/cache-control.ts';

export const GET = api(async (ctx) => ok({ customer: customerJson(await requireCustomer(ctx)) }, { headers: NO_STORE }));
