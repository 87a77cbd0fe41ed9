/**
 * The delivery feature's server surface: what pages, scripts, the server and other features use of its server code.
 */
export { checkoutDelivery, checkoutDeliveryJson } from './server/checkout-delivery.ts';
export { type AdminZoneSlots, listAdminSlots, setSlotCapacity, setSlotClosed } from './server/admin-slots.ts';
export { cartPolicy } from './server/deliver-to.ts';
export { orderDelivery, type OrderDelivery, orderSlotJson, releaseOrderSlot } from './server/order-delivery.ts';
export {
  defaultZone,
  type DeliveryConfig,
  deliveryConfig,
  DeliveryConfigError,
  readDeliveryConfig,
  zoneForPin,
} from './server/zones.ts';
export { generateSlots, windowLabel } from './slots.ts';
export { listZoneSlots } from './server/slot-usage.ts';
export { deliveryNow } from './server/clock.ts';
export { describeSlot, shopInstant, shopTime, type Slot } from './slots.ts';
