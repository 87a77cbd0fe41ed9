/**
 * The delivery feature's server surface: what pages, scripts, the server and other features use of its server code.
 */

export { type AdminZoneSlots, listAdminSlots, setSlotCapacity, setSlotClosed } from './server/admin-slots.ts';
export { checkoutDelivery, checkoutDeliveryJson } from './server/checkout-delivery.ts';
export { deliveryNow } from './server/clock.ts';
export { cartPolicy } from './server/deliver-to.ts';
export {
  moveOrderSlot,
  type OrderDelivery,
  type OrderSlotChoice,
  openSlotsFor,
  orderDelivery,
  orderSlotJson,
  releaseOrderSlot,
} from './server/order-delivery.ts';
export { listZoneSlots } from './server/slot-usage.ts';
export {
  type DeliveryConfig,
  DeliveryConfigError,
  defaultZone,
  deliveryConfig,
  readDeliveryConfig,
  zoneForPin,
} from './server/zones.ts';
export {
  addDays,
  describeSlot,
  generateSlots,
  type Slot,
  shopInstant,
  shopTime,
  timeOfDayLabel,
  windowLabel,
} from './slots.ts';
