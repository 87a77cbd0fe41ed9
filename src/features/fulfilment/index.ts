/**
 * The fulfilment feature's server surface: what pages and scripts use of its server code. The back office's work
 * on placed orders: the order board and a rider's deliveries, one order as staff read and move it, packing
 * adjustments, and a slot's picking list and packing slips.
 */
export { boardVersion, readBoard, riderDeliveries } from './server/order-board.ts';
export { orderSlip, type PackingSlip, slotSlips } from './server/packing-slips.ts';
export { pickingListJson } from './server/picking-json.ts';
export { type PickingList, pickingList } from './server/picking-list.ts';
export { readSlotChoice, type SlotChoice } from './server/picking-page.ts';
export { slotChoices } from './server/slot-orders.ts';
export { boardJson, boardOrderJson, staffOrderJson } from './server/staff-order-json.ts';
export { listRiders, staffOrder } from './server/staff-orders.ts';
