/**
 * The picking feature's server surface: what pages and scripts use of its server code.
 */
export {
  orderSlip,
  pickingList,
  slotChoices,
  slotSlips,
  type PackingSlip,
  type PickingList,
} from './server/picking.ts';
export { readSlotChoice, type SlotChoice } from './server/page.ts';
export { pickingListJson } from './server/picking-json.ts';
