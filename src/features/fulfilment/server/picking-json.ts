/** The picking list as the API answers it (contract.ts). */
import type { PickingListJson } from '../contract.ts';
import type { PickingList } from './picking-list.ts';

/** Maps a picking list to its JSON. */
export function pickingListJson(list: PickingList): PickingListJson {
  return {
    date: list.date,
    slot_id: list.slotId,
    slot_label: list.slotLabel,
    orders: list.orderCount,
    categories: list.categories.map((c) => ({
      name: c.name,
      lines: c.lines.map((l) => ({
        product_id: l.productId,
        sku: l.sku,
        name: l.name,
        unit: l.unit,
        qty: l.qty,
        orders: l.orders,
      })),
    })),
  };
}
