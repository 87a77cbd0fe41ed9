/**
 * The back office's order routes (staff only; ADR 0061): the board and its version, a rider's
 * deliveries, one order, its status moves, cancel, rider and packing. Re-exported by contract.ts.
 */
import { z } from 'zod';
import { ORDER_STATUS_VALUES, PAYMENT_MODE_VALUES, PAYMENT_STATUS_VALUES } from '#features/orders/contract.ts';
import { defineAdminRoute, positiveId } from '#lib/http/contract.ts';
import { boardOrderSchema, boardSlotSchema, staffOrderSchema } from './staff-order-schema.ts';

/** The board's first day: a date, YYYY-MM-DD (shop time). */
const boardDate = z.iso
  .date({ error: 'Choose a day (YYYY-MM-DD).' })
  .optional()
  .describe(
    'The first of the two days shown, YYYY-MM-DD (shop time); today when absent, at most the last bookable day',
  );

/** GET /api/admin/board: two days' orders by slot (today and tomorrow by default), or a search's results. */
export const boardRoute = defineAdminRoute({
  method: 'GET',
  path: '/api/admin/board',
  summary: 'The order board: two days’ orders grouped by delivery slot, today and tomorrow by default',
  description:
    'Each zone’s slots with capacity used and left and counts per status. The shop’s orders show, and an online order whose gateway payment could not be accepted, awaiting its payment (pending_payment) or released unpaid (payment_failed), so staff can look into it; `status` pending_payment or payment_failed, and `q`, list every such order. Each slot lists its 20 newest matching orders; `open` names slots to list in full. Filters: status, payment_mode, payment_status, zone. `q` (an order number or a mobile number) searches every date instead and answers `results`.',
  permission: 'board.view',
  query: z.object({
    status: z.enum(ORDER_STATUS_VALUES, { error: 'Unknown status.' }).optional(),
    payment_mode: z.enum(PAYMENT_MODE_VALUES, { error: 'Unknown payment mode.' }).optional(),
    payment_status: z.enum(PAYMENT_STATUS_VALUES, { error: 'Unknown payment status.' }).optional(),
    zone: z.string().trim().max(40).optional(),
    q: z.string().trim().max(40, 'Search for an order number or a mobile number.').optional(),
    date: boardDate,
    open: z
      .string()
      .max(2000, 'Too many open slots.')
      .optional()
      .describe('Comma-separated slots ("zone_id|slot_id") whose every matching order to list'),
  }),
  response: z.object({
    today: z.string().describe('YYYY-MM-DD, shop time'),
    last_bookable: z
      .string()
      .describe('The last day customers can book, YYYY-MM-DD: the latest first day the board takes'),
    version: z.string().describe('The board version this answer is at (GET /api/admin/board/version)'),
    days: z.array(z.object({ date: z.string(), label: z.string(), slots: z.array(boardSlotSchema) })),
    results: z.array(boardOrderSchema).nullable(),
  }),
});

/** GET /api/admin/board/version: changes whenever an order of the board's days is placed or changes. */
export const boardVersionRoute = defineAdminRoute({
  method: 'GET',
  path: '/api/admin/board/version',
  summary: 'The order board’s version, for polling',
  description:
    'A short text that changes whenever an order of the board’s two days (from `date`, today by default) is placed or changes, on any server process. Open boards poll it every few seconds and reload when it moves, marking both requests `X-Background-Poll: 1`: a marked GET is answered while the staff session lives but does not keep it alive (it ends STAFF_IDLE_MINUTES after the last unmarked request).',
  permission: 'board.view',
  query: z.object({ date: boardDate }),
  response: z.object({ version: z.string() }),
});

/** GET /api/admin/deliveries: the signed-in rider's orders. */
export const deliveriesRoute = defineAdminRoute({
  method: 'GET',
  path: '/api/admin/deliveries',
  summary: 'The orders assigned to me (today’s and later first)',
  permission: 'deliveries.own',
  response: z.object({ orders: z.array(boardOrderSchema) }),
});

const staffOrderParams = z.object({ id: positiveId('Invalid order id.') });
const staffOrderAnswer = z.object({ order: staffOrderSchema });

/** GET /api/admin/orders/{id}: one order (a rider: only one assigned to them). */
export const staffOrderRoute = defineAdminRoute({
  method: 'GET',
  path: '/api/admin/orders/{id}',
  summary: 'One order, for staff',
  description:
    'Lines with the customer’s substitution choice, customer, address, slot, payment (with its state at the gateway, asked live while unpaid), rider and history. Any order opens, also one awaiting its online payment or released unpaid (no move, packing or rider is accepted for those). 404 for a rider’s order that is not assigned to them.',
  permission: 'deliveries.own',
  params: staffOrderParams,
  response: staffOrderAnswer,
});

const moveDescription =
  'Only as the next step of placed → processed → out for delivery (409 otherwise); repeated when already there, it changes nothing. The customer’s status SMS goes out as for every status change. The rider ends a delivery with POST /api/admin/orders/{id}/outcome.';

/** POST /api/admin/orders/{id}/processed. */
export const markProcessedRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/orders/{id}/processed',
  summary: 'Mark an order processed (packed)',
  description: moveDescription,
  permission: 'orders.process',
  params: staffOrderParams,
  response: staffOrderAnswer,
});

/** POST /api/admin/orders/{id}/out-for-delivery. */
export const markOutForDeliveryRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/orders/{id}/out-for-delivery',
  summary: 'Mark an order out for delivery',
  description: `${moveDescription} A rider may move only the orders assigned to them.`,
  permission: 'orders.deliver',
  params: staffOrderParams,
  response: staffOrderAnswer,
});

/** POST /api/admin/orders/{id}/cancel: the shop cancels an order with a reason. */
export const staffCancelRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/orders/{id}/cancel',
  summary: 'Cancel an order with a reason',
  description:
    'While placed or processed, or undelivered (brought back by the rider). Stock, slot, promo use, points and credit go back; an online payment is refunded; the customer gets the SMS. 409 once out for delivery, delivered or cancelled.',
  permission: 'orders.cancel',
  params: staffOrderParams,
  body: z.object({
    reason: z
      .string({ error: 'Please give a reason.' })
      .trim()
      .min(3, 'Give a reason of at least 3 characters.')
      .max(200, 'A reason has at most 200 characters.'),
  }),
  response: staffOrderAnswer,
});

/** PUT /api/admin/orders/{id}/rider: assigns a rider (or none). */
export const assignRiderRoute = defineAdminRoute({
  method: 'PUT',
  path: '/api/admin/orders/{id}/rider',
  summary: 'Assign an order to a rider',
  description:
    '`rider_id` null takes the order off its rider. 400 for anyone but an active rider; 409 once delivered or cancelled.',
  permission: 'orders.assign_rider',
  params: staffOrderParams,
  body: z.object({
    rider_id: z
      .union([positiveId('Choose one of the shop’s riders.'), z.null()])
      .describe('A rider’s staff id, or null'),
  }),
  response: staffOrderAnswer,
});

const packingLineParams = z.object({
  id: positiveId('Invalid order id.'),
  line: positiveId('Invalid line id.'),
});
const packingDescription =
  'While the order is placed or processed (409 after). The line’s total, the order’s amount, the invoice and the tracking page follow; the difference goes back once (credit at once, an online payment to its method, a pay-on-delivery amount drops). Sending the same target again changes nothing.';

/** PUT /api/admin/orders/{id}/lines/{line}/picked: records a line's picked quantity. */
export const setPickedRoute = defineAdminRoute({
  method: 'PUT',
  path: '/api/admin/orders/{id}/lines/{line}/picked',
  summary: 'Record a line’s picked quantity',
  description: `\`picked\` is in the line’s measure: its weight unit when it has a pack weight (e.g. 0.85 for a 1 kg line), else packs; lower than ordered, 0 when none. It can only go lower. ${packingDescription}`,
  permission: 'orders.pack',
  params: packingLineParams,
  body: z.object({
    picked: z.coerce
      .number({ error: 'Enter the picked quantity.' })
      .min(0, 'The picked quantity cannot be negative.')
      .max(100000, 'Enter the picked quantity.')
      .transform((n) => Math.round(n * 1000) / 1000),
  }),
  response: staffOrderAnswer,
});

/** PUT /api/admin/orders/{id}/lines/{line}/substitute: substitutes a line with another product. */
export const substituteLineRoute = defineAdminRoute({
  method: 'PUT',
  path: '/api/admin/orders/{id}/lines/{line}/substitute',
  summary: 'Substitute a line with another product',
  description: `Same quantity; the customer pays no more than the line as ordered. 422 when the customer chose “don’t replace”. ${packingDescription}`,
  permission: 'orders.pack',
  params: packingLineParams,
  body: z.object({ product_id: positiveId('Choose a product.') }),
  response: staffOrderAnswer,
});

export const orderAdminContracts = [
  boardRoute,
  boardVersionRoute,
  deliveriesRoute,
  staffOrderRoute,
  markProcessedRoute,
  markOutForDeliveryRoute,
  staffCancelRoute,
  assignRiderRoute,
  setPickedRoute,
  substituteLineRoute,
] as const;

/** The board as the islands read it. */
export type BoardJson = z.output<typeof boardRoute.response>;
