/**
 * Delivery route handlers (contracts in contract.ts; mounted by
 * src/pages/api/customer/{deliver-to,delivery-slots}.ts). Server only. Answers are personal or
 * time-dependent, so never cached.
 */

import { NO_STORE } from '#lib/cache/cache-control.ts';
import { getDb } from '#lib/db/index.ts';
import { AppError } from '#lib/http/envelope.ts';
import { implement } from '#lib/http/handler.ts';
import { wantsSecureCookies } from '#lib/http/request-origin.ts';
import {
  adminSlotSchema,
  adminSlotsRoute,
  deliverToRoute,
  deliverySlotsRoute,
  setDeliverToRoute,
  updateAdminSlotRoute,
} from './contract.ts';
import { DELIVERY_MESSAGES } from './rules.ts';
import { listAdminSlots, setSlotCapacity, setSlotClosed } from './server/admin-slots.ts';
import { deliveryNow } from './server/clock.ts';
import { checkPin, currentPin, rememberPin } from './server/deliver-to.ts';
import { pinCheckJson, slotJson } from './server/delivery-json.ts';
import { listZoneSlots } from './server/slot-usage.ts';
import { zoneForPin } from './server/zones.ts';

export const deliverToEndpoint = implement(deliverToRoute, async ({ ctx, customer }) => {
  const db = await getDb();
  const current = await currentPin(db, ctx.cookies, customer?.id ?? null);
  return {
    data: { check: current ? pinCheckJson(await checkPin(db, current.pin, current.source)) : null },
    headers: NO_STORE,
  };
});

export const setDeliverToEndpoint = implement(setDeliverToRoute, async ({ ctx, body }) => {
  rememberPin(ctx.cookies, body.pin, wantsSecureCookies(ctx.request, ctx.url));
  const check = pinCheckJson(await checkPin(await getDb(), body.pin));
  return { data: { check }, message: check.message, headers: NO_STORE };
});

export const deliverySlotsEndpoint = implement(deliverySlotsRoute, async ({ query }) => {
  const zone = zoneForPin(query.pin);
  if (!zone) throw new AppError('unprocessable', DELIVERY_MESSAGES.notServed(query.pin));
  const slots = await listZoneSlots(await getDb(), zone, deliveryNow());
  return {
    data: { pin: query.pin, zone: { id: zone.id, name: zone.name }, slots: slots.map(slotJson) },
    headers: NO_STORE,
  };
});

/** A slot for staff: the contract's fields (times stay out: the id and labels say them). */
const adminSlotJson = (slot: Parameters<typeof adminSlotSchema.parse>[0]) => adminSlotSchema.parse(slot);

export const adminSlotsEndpoint = implement(adminSlotsRoute, async () => {
  const zones = await listAdminSlots(await getDb());
  return {
    data: { zones: zones.map((z) => ({ ...z, slots: z.slots.map(adminSlotJson) })) },
    headers: NO_STORE,
  };
});

export const updateAdminSlotEndpoint = implement(updateAdminSlotRoute, async ({ params, body, actor }) => {
  const db = await getDb();
  let slot = null;
  if (body.capacity !== undefined) slot = await setSlotCapacity(db, params.zone, params.slot, body.capacity, actor);
  if (body.closed !== undefined) slot = await setSlotClosed(db, params.zone, params.slot, body.closed, actor);
  return { data: { slot: adminSlotJson(slot!) }, message: 'Saved.', headers: NO_STORE };
});
