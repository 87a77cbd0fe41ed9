/**
 * Delivery routes: the PIN-code check behind "Deliver to", and the slots of a zone.
 * Zod only, browser-safe: islands import these with `import type`. Money in rupees (numbers
 * with 2 decimals, like the cart's summary); times as ISO 8601 instants plus shop-time labels.
 */
import { z } from 'zod';
import { defineAdminRoute, defineRoute } from '#lib/http/contract.ts';
import { ADMIN_SLOT_MESSAGES, MAX_SLOT_CAPACITY, PIN_CODE, PIN_INVALID, SLOT_ID } from './rules.ts';

const pin = z.string({ error: PIN_INVALID }).trim().regex(PIN_CODE, PIN_INVALID);

/** One delivery slot as listed. */
export const slotSchema = z.object({
  /** "YYYY-MM-DDTHH:MM" in shop time: send it as place-order's delivery_slot. */
  id: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** "today 7–9 AM", "tomorrow 4–6 PM", "Fri 27 Nov 11 AM–1 PM" (shop time, Asia/Kolkata). */
  label: z.string(),
  /** The label's parts: "today", "tomorrow" or "Fri 27 Nov"; and "7–9 AM". */
  day: z.string(),
  window: z.string(),
  status: z.enum(['open', 'closed', 'full']),
  /** Why it cannot be chosen ("Full", "Closed: …"); null when open. */
  reason: z.string().nullable(),
});

/** An order's slot as the order JSON carries it (`delivery_slot`). */
export const orderSlotSchema = z.object({
  id: z.string(),
  /** The delivery zone's name. */
  zone: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** e.g. "Thu 26 Nov, 7–9 AM" (shop time). */
  label: z.string(),
});

/** What the shop says about a PIN code. */
export const pinCheckSchema = z.object({
  pin: z.string(),
  /** Where the PIN code came from: entered by the visitor, or the default address. */
  source: z.enum(['entered', 'address']),
  deliverable: z.boolean(),
  /** "We deliver to 680001 (Central Thrissur)." or "Sorry, we do not deliver to 110001 yet." */
  message: z.string(),
  zone: z
    .object({
      id: z.string(),
      name: z.string(),
      delivery_fee: z.number(),
      free_delivery_from: z.number(),
      min_order: z.number(),
    })
    .nullable(),
  /** The earliest open slot, or null (none open, or not served). */
  earliest_slot: slotSchema.nullable(),
});

/**
 * GET /api/customer/deliver-to: the visitor's PIN code (entered, else the default address's) and
 * what the shop says about it.
 */
export const deliverToRoute = defineRoute({
  method: 'GET',
  path: '/api/customer/deliver-to',
  summary: '"Deliver to": the current PIN code and whether the shop delivers there',
  description:
    'data.check is null when no PIN code is known yet (a guest who has not entered one, or a customer without a default address).',
  auth: 'optional',
  response: z.object({ check: pinCheckSchema.nullable() }),
});

/** POST /api/customer/deliver-to: checks a PIN code and keeps it (cookie ff_pin) for prices and slots. */
export const setDeliverToRoute = defineRoute({
  method: 'POST',
  path: '/api/customer/deliver-to',
  summary: 'Check a PIN code and deliver there',
  description: `200 with the check (also for a PIN code the shop does not serve: deliverable false); 400 "${PIN_INVALID}". Sets the readable ff_pin cookie, which the cart's fees follow.`,
  auth: 'optional',
  body: z.object({ pin }),
  response: z.object({ check: pinCheckSchema }),
});

/** GET /api/customer/delivery-slots?pin=680001: the slots of the zone serving a PIN code. */
export const deliverySlotsRoute = defineRoute({
  method: 'GET',
  path: '/api/customer/delivery-slots',
  summary: 'Delivery slots for a PIN code (the next few days)',
  description: `Slots in shop time with their status: open, closed (cut-off passed) or full, and the reason as text. 422 "Sorry, we do not deliver to … yet." when no zone serves the PIN code; 400 "${PIN_INVALID}".`,
  auth: 'none',
  query: z.object({ pin }),
  response: z.object({
    pin: z.string(),
    zone: z.object({ id: z.string(), name: z.string() }),
    slots: z.array(slotSchema),
  }),
});

/** Every delivery route. */
export const deliveryContracts = [deliverToRoute, setDeliverToRoute, deliverySlotsRoute] as const;

/** A slot as staff see it (times ISO; capacity, booked and left in orders). */
export const adminSlotSchema = z.object({
  id: z.string(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  label: z.string(),
  day: z.string(),
  window: z.string(),
  capacity: z.number().int(),
  booked: z.number().int(),
  left: z.number().int(),
  status: z.enum(['open', 'closed', 'full']),
  reason: z.string().nullable(),
  closedByShop: z.boolean(),
});

/** GET /api/admin/slots: every zone's slots for the next 7 days. */
export const adminSlotsRoute = defineAdminRoute({
  method: 'GET',
  path: '/api/admin/slots',
  summary: "Every zone's delivery slots for the next 7 days, with capacity, booked and left",
  permission: 'slots.manage',
  response: z.object({
    zones: z.array(z.object({ zoneId: z.string(), zoneName: z.string(), slots: z.array(adminSlotSchema) })),
  }),
});

const slotParams = z.object({
  zone: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, ADMIN_SLOT_MESSAGES.unknownZone),
  slot: z.string().regex(SLOT_ID, 'The slot must be a slot id, e.g. 2026-11-26T07:00.'),
});

/** PATCH /api/admin/slots/{zone}/{slot}: closes or reopens a slot, or changes its capacity. */
export const updateAdminSlotRoute = defineAdminRoute({
  method: 'PATCH',
  path: '/api/admin/slots/{zone}/{slot}',
  summary: 'Close or reopen a delivery slot, or change its capacity',
  description:
    'Orders booked in the slot keep their place. A capacity below the orders booked is refused (422, data.booked). Audited.',
  permission: 'slots.manage',
  params: slotParams,
  body: z
    .object({
      closed: z.boolean({ error: 'closed must be true or false.' }).optional(),
      capacity: z
        .number({ error: ADMIN_SLOT_MESSAGES.capacity })
        .int(ADMIN_SLOT_MESSAGES.capacity)
        .min(0, ADMIN_SLOT_MESSAGES.capacity)
        .max(MAX_SLOT_CAPACITY, ADMIN_SLOT_MESSAGES.capacity)
        .optional(),
    })
    .strict()
    .refine((b) => b.closed !== undefined || b.capacity !== undefined, 'Send closed or capacity.'),
  response: z.object({ slot: adminSlotSchema }),
});

export const adminDeliveryContracts = [adminSlotsRoute, updateAdminSlotRoute] as const;
