/**
 * The order tracking page's data (/track-order?order=ID;
 * docs/orders-and-payments.md#order-tracking): which panel to show and the page's HTTP status.
 * Signed out → the login prompt (200; the page goes to /login after LOGIN_REDIRECT_MS, 2 s); no
 * `order` parameter → the pointer to Track Orders; an id that is not a positive number, or not one
 * of the customer's visible orders → "Order not found." with a 404; a failure → the spec's message
 * with a 500 (logged with the request id).
 *
 * Beside the order: the delivery address as it was placed, the rider's name and phone while the
 * order is out for delivery (not before, not after: ADR 0119), and the shop's customer care
 * (SHOP_CARE_PHONE, SHOP_CARE_EMAIL, as the footer shows them).
 */
import type { APIContext } from 'astro';
import { and, eq } from 'drizzle-orm';
import { getCustomer } from '#features/auth/index.ts';
import { getConfig } from '#lib/config.ts';
import { type Database, getDb } from '#lib/db/index.ts';
import { orders, staff } from '#lib/db/schema.ts';
import { AppError } from '#lib/http/envelope.ts';
import { logger } from '#lib/log.ts';
import type { DeliveryAddress, HelpContact, Rider, TrackedOrder, TrackState } from '../islands/TrackOrder.tsx';
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

/** What the tracking page shows of one of the customer's orders. */
interface TrackedOrderView {
  order: TrackedOrder;
  address: DeliveryAddress | null;
  rider: Rider | null;
}

/** The snapshot's text field `key`, trimmed; null when absent or blank. */
function text(snapshot: Record<string, unknown>, key: string): string | null {
  const value = snapshot[key];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/**
 * The delivery address of an order's snapshot as lines: building and street, landmark, city and
 * PIN code; null when the order has none (erased with a deleted account).
 */
function deliveryAddress(snapshot: Record<string, unknown> | null): DeliveryAddress | null {
  if (!snapshot) return null;
  const lines = [
    [text(snapshot, 'building_num'), text(snapshot, 'street')].filter(Boolean).join(', '),
    text(snapshot, 'landmark') ?? '',
    [text(snapshot, 'city'), text(snapshot, 'po_box')].filter(Boolean).join(' '),
  ].filter(Boolean);
  const name = text(snapshot, 'name');
  const mobile = text(snapshot, 'mobile');
  return lines.length || name ? { name, lines, mobile } : null;
}

/**
 * The rider bringing order `orderId`: name and phone of its assigned, active rider while the order
 * is out for delivery; null before (not yet on its way), after (delivered or cancelled) and when no
 * rider is assigned.
 */
async function riderOf(db: Database, orderId: number): Promise<Rider | null> {
  const [row] = await db
    .select({ name: staff.name, phone: staff.phone })
    .from(orders)
    .innerJoin(staff, eq(staff.id, orders.riderId))
    .where(and(eq(orders.id, orderId), eq(orders.status, 'out_for_delivery'), eq(staff.active, true)));
  return row ?? null;
}

/**
 * One of the customer's orders as the tracking page shows it. Errors: 404 "Order not found." when
 * it is not one of the customer's confirmed orders (another customer's reads the same).
 */
export async function trackOrder(db: Database, customerId: number, orderId: number): Promise<TrackedOrderView> {
  const order = await getOrder(db, customerId, orderId);
  // The rider is read after the order: an order that moves on between the two reads shows no rider.
  const rider = order.status === 'out_for_delivery' ? await riderOf(db, order.id) : null;
  const { address, address_id: _addressId, payment_status: _paymentStatus, ...tracked } = orderJson(order);
  return { order: tracked, address: deliveryAddress(address), rider };
}

/** The shop's customer care, as the footer shows it. */
function helpContact(): HelpContact {
  const { SHOP_CARE_PHONE, SHOP_CARE_EMAIL } = getConfig();
  return { phone: SHOP_CARE_PHONE, email: SHOP_CARE_EMAIL };
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
      state = { kind: 'order', ...(await trackOrder(await getDb(), customer.id, orderId)), help: helpContact() };
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
