/**
 * Delivery zones and slots: PIN code rules, the zone type and the messages the
 * storefront and the API share. Pure, browser-safe and zod-free (islands import it; the file's
 * schema is config-schema.ts).
 *
 * A zone serves PIN codes (exact 6-digit codes and/or prefixes), with its delivery fee,
 * free-delivery threshold and minimum order (rupees in the file, paise in code) and the name of
 * a slot template: daily windows in shop time (Asia/Kolkata) with a capacity in orders each.
 */

import { formatPaise } from '#lib/money.ts';

export * from './delivery-fee.ts';
export { DELIVER_TO_DIALOG_ID } from './dialog.ts';

/**
 * The demo shop's zones file, from the project root: what an empty DELIVERY_ZONES_FILE means.
 * Here, in the pure rules, so a script can name it without loading the feature's server code.
 */
export const DEMO_ZONES_FILE = 'src/features/delivery/data/zones.json';
/** A slot template as parsed (config-schema.ts slotTemplateSchema). */
export interface SlotTemplate {
  /** Days offered, today included. */
  days: number;
  /** A slot closes this many minutes before it starts. */
  cutoffMinutes: number;
  /** No same-day slot from this time of day on ("HH:MM"); null: no such rule. */
  sameDayLastOrder: string | null;
  /** Daily windows ("HH:MM"), in order, with room for `capacity` orders each. */
  windows: { start: string; end: string; capacity: number }[];
}

/** An Indian PIN code: six digits, not starting with 0. */
export const PIN_CODE = /^[1-9]\d{5}$/;
/** The message for a malformed PIN code. */
export const PIN_INVALID = 'Please enter a 6-digit PIN code.';

/** A zone as the code uses it: money in paise, its template resolved. */
export interface Zone {
  id: string;
  name: string;
  pinCodes: string[];
  pinPrefixes: string[];
  feePaise: number;
  freeFromPaise: number;
  minOrderPaise: number;
  template: SlotTemplate;
}

/**
 * Why an order below a zone's minimum cannot be placed: place-order's 422, and what checkout
 * says before Place Order is pressed.
 * @example belowMinimumMessage('Greater Thrissur', 29900, 24400) // 'The minimum order for delivery to Greater Thrissur is ₹299.00. Please add ₹244.00 more to your cart.'
 */
export const belowMinimumMessage = (zoneName: string, minOrderPaise: number, remainingPaise: number) =>
  `The minimum order for delivery to ${zoneName} is ${formatPaise(minOrderPaise)}. Please add ${formatPaise(remainingPaise)} more to your cart.`;

/**
 * The note beside figures priced for the first zone while the customer's zone is not known yet.
 * @example feeEstimateNote('Central Thrissur') // 'The delivery fee depends on your delivery area: these figures are for Central Thrissur. …'
 */
export const feeEstimateNote = (zoneName: string) =>
  `The delivery fee depends on your delivery area: these figures are for ${zoneName}. Enter your PIN code under Deliver to, or add your address, to see yours.`;

/** Messages shown to customers and sent by the API. */
export const DELIVERY_MESSAGES = {
  notServed: (pin: string) => `Sorry, we do not deliver to ${pin} yet.`,
  served: (pin: string, zone: string) => `We deliver to ${pin} (${zone}).`,
  noSlots: 'No delivery slots are open in the next few days. Please try again later.',
  slotUnknown: 'That delivery slot is not offered for this address. Please choose another slot.',
  slotFull: 'That delivery slot is full. Please choose another slot.',
  slotId: 'delivery_slot must be a slot id from the slots list, e.g. "2026-11-26T07:00".',
} as const;

/** Days of slots the back office shows and changes, today included. */
export const ADMIN_SLOT_DAYS = 7;
/** Most orders staff may let one slot take. */
export const MAX_SLOT_CAPACITY = 1000;

/** Messages staff see about slots. */
export const ADMIN_SLOT_MESSAGES = {
  unknownZone: 'No such delivery zone.',
  unknownSlot: 'No such slot in the next 7 days of this zone.',
  belowBooked: (booked: number) =>
    `${booked} ${booked === 1 ? 'order is' : 'orders are'} booked in this slot: the capacity cannot be below ${booked}.`,
  capacity: `The capacity must be a whole number from 0 to ${MAX_SLOT_CAPACITY}.`,
} as const;

/** A slot id: the slot's local (Asia/Kolkata) date and start time, e.g. "2026-11-26T07:00". */
export const SLOT_ID = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/;
