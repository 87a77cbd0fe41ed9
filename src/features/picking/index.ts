/**
 * The picking feature's server surface: what pages and scripts use of its server code.
 */
export { orderSlip, slotSlips, type PackingSlip } from './server/packing-slips.ts';
export { pickingList, type PickingList } from './server/picking-list.ts';
export { slotChoices } from './server/slot-orders.ts';
export { readSlotChoice, type SlotChoice } from './server/page.ts';
export { pickingListJson } from './server/picking-json.ts';
