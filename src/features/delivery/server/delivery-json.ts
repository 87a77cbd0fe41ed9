/** JSON of slots and PIN-code checks (contract.ts slotSchema, pinCheckSchema); money in rupees. */
import { paiseToRupees } from '#lib/money.ts';
import { DELIVERY_MESSAGES } from '../rules.ts';
import type { Slot } from '../slots.ts';
import type { PinCheck } from './deliver-to.ts';

/** A listed slot. */
export function slotJson(s: Slot) {
  return {
    id: s.id,
    starts_at: s.startsAt.toISOString(),
    ends_at: s.endsAt.toISOString(),
    label: s.label,
    day: s.day,
    window: s.window,
    status: s.status,
    reason: s.reason,
  };
}

/** A PIN-code check. */
export function pinCheckJson(c: PinCheck) {
  return {
    pin: c.pin,
    source: c.source,
    deliverable: c.zone !== null,
    message: c.zone ? DELIVERY_MESSAGES.served(c.pin, c.zone.name) : DELIVERY_MESSAGES.notServed(c.pin),
    zone: c.zone
      ? {
          id: c.zone.id,
          name: c.zone.name,
          delivery_fee: paiseToRupees(c.zone.feePaise),
          free_delivery_from: paiseToRupees(c.zone.freeFromPaise),
          min_order: paiseToRupees(c.zone.minOrderPaise),
        }
      : null,
    earliest_slot: c.earliest ? slotJson(c.earliest) : null,
  };
}
