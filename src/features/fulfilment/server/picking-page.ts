/**
 * What the picking pages read from their query: nothing chosen yet (the picker alone, today's
 * date), a bad choice (400 with the field's message), or a day's slot.
 */
import { deliveryNow, shopTime } from '#features/delivery/index.ts';
import { PICKING_MESSAGES, type SlotQuery, slotQuery, slotQuerySchema } from '../rules.ts';

/** The picking pages' query. */
export type SlotChoice =
  | { kind: 'none'; date: string }
  | { kind: 'invalid'; date: string; start: string | null; message: string }
  | { kind: 'slot'; query: SlotQuery; date: string; start: string };

/** Reads `?date=&slot=` (see SlotChoice). */
export function readSlotChoice(params: URLSearchParams): SlotChoice {
  const date = params.get('date')?.trim() || shopTime(deliveryNow()).date;
  const slot = params.get('slot')?.trim() ?? '';
  if (!params.has('slot') && !params.has('date')) return { kind: 'none', date };
  if (!slot) return { kind: 'invalid', date, start: null, message: PICKING_MESSAGES.slot };
  const parsed = slotQuerySchema.safeParse({ date, slot });
  if (!parsed.success)
    return {
      kind: 'invalid',
      date,
      start: slot.slice(-5),
      message: parsed.error.issues[0]?.message ?? PICKING_MESSAGES.slot,
    };
  const query = slotQuery(parsed.data);
  return { kind: 'slot', query, date, start: query.slotId.slice(11) };
}
