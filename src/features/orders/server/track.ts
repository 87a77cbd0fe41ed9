/**
 * The order tracking page's data (/track-order?order=ID;
 * docs/orders-and-payments.md#order-tracking): which panel to show and the page's HTTP status.
 * Signed out → the login prompt (200; the page goes to /login after LOGIN_REDIRECT_MS, 2 s); no
 * `order` parameter → the pointer to Track Orders; an id that is not a positive number, or not one
 * of the customer's visible orders → "Order not found." with a 404; a failure → the spec's message
 * with a 500 (logged with the request id).
 */
import type { APIContext } from 'astro';
import { getCustomer } from '#features/auth/index.ts';
import { getDb } from '#lib/db/index.ts';
import { AppError } from '#lib/http/envelope.ts';
import { logger } from '#lib/log.ts';
import type { TrackState } from '../islands/TrackOrder.tsx';
import { ORDER_MESSAGES } from '../rules.ts';
import { orderJson } from './order-json.ts';
import { getOrder } from './queries.ts';

/** Delay before a signed-out visitor is sent to the login (2 s after the prompt), in ms. */
export const LOGIN_REDIRECT_MS = 2000;

/** What the page renders: the panel's state, its HTTP status, and the login URL that comes back here. */
export interface TrackPage {
  state: TrackState;
  status: 200 | 404 | 500;
  loginUrl: string;
}

/** Reads `?order=` (or `?id=`) and the session of the page's request. */
export async function loadTrackPage(
  astro: Pick<APIContext, 'request' | 'cookies' | 'url' | 'locals'>,
): Promise<TrackPage> {
  const raw = astro.url.searchParams.get('order') ?? astro.url.searchParams.get('id');
  const orderId = raw && /^\d{1,9}$/.test(raw.trim()) && Number(raw) > 0 ? Number(raw) : null;
  const customer = await getCustomer(astro);
  let state: TrackState;
  if (!customer) state = { kind: 'signed-out' };
  else if (raw === null) state = { kind: 'no-order' };
  else if (orderId === null) state = { kind: 'not-found' };
  else {
    try {
      state = { kind: 'order', order: orderJson(await getOrder(await getDb(), customer.id, orderId)) };
    } catch (err) {
      if (err instanceof AppError && err.code === 'not_found') state = { kind: 'not-found' };
      else {
        logger.error({ err, reqId: astro.locals.reqId }, 'track order failed');
        state = { kind: 'error', message: ORDER_MESSAGES.fetchOrders };
      }
    }
  }
  const status = state.kind === 'not-found' ? 404 : state.kind === 'error' ? 500 : 200;
  return { state, status, loginUrl: `/login?next=${encodeURIComponent(`${astro.url.pathname}${astro.url.search}`)}` };
}
