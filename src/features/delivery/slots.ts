/**
 * Delivery slots from a template, pure and browser-safe: the next `days` days of
 * windows in shop time, each open, closed (with the reason as text) or full. Shop time is
 * Asia/Kolkata, a fixed UTC+05:30 (India has no daylight saving), so plain arithmetic on epoch
 * milliseconds is exact and needs no time-zone library. `now` is always passed in (the server's
 * clock, see server/clock.ts), so tests fix it.
 */
import type { SlotTemplate } from './rules.ts';

/** Asia/Kolkata's offset from UTC, minutes. */
export const IST_OFFSET_MINUTES = 330;
const MINUTE = 60_000;
const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A slot as offered: ids and times in shop time, `startsAt`/`endsAt` as instants. */
export interface Slot {
  /** "YYYY-MM-DDTHH:MM" (local date and start). */
  id: string;
  date: string;
  start: string;
  end: string;
  startsAt: Date;
  endsAt: Date;
  capacity: number;
  /** Orders holding a place in it. */
  booked: number;
  /** Places left (capacity minus orders in it, never below 0). */
  left: number;
  /** Staff closed it to new orders. */
  closedByShop: boolean;
  status: 'open' | 'closed' | 'full';
  /** Why a slot cannot be chosen, as text for the customer; null when open. */
  reason: string | null;
  /** "today 7–9 AM", "tomorrow 4–6 PM", "Fri 27 Nov 11 AM–1 PM". */
  label: string;
  /** The label's two parts: "today", "tomorrow" or "Fri 27 Nov"; "7–9 AM". */
  day: string;
  window: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The local (Asia/Kolkata) calendar date "YYYY-MM-DD" and minute of the day of an instant. */
export function shopTime(at: Date): { date: string; minutes: number; weekday: number } {
  const local = new Date(at.getTime() + IST_OFFSET_MINUTES * MINUTE);
  return {
    date: `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`,
    minutes: local.getUTCHours() * 60 + local.getUTCMinutes(),
    weekday: local.getUTCDay(),
  };
}

/** The instant of a local date "YYYY-MM-DD" at a local time "HH:MM". */
export function shopInstant(date: string, hhmm: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + (minutesOf(hhmm) - IST_OFFSET_MINUTES) * MINUTE);
}

/** The local date `n` days after `date` (before it for a negative `n`). */
export const addDays = (date: string, n: number) =>
  shopTime(new Date(shopInstant(date, '12:00').getTime() + n * 86_400_000)).date;

/** A time of day for people: "7 AM", "11:30 AM", "12 PM". */
function clock(minutes: number): { text: string; half: 'AM' | 'PM' } {
  const h = Math.floor(minutes / 60) % 24;
  const m = minutes % 60;
  return { text: `${h % 12 || 12}${m ? `:${pad(m)}` : ''}`, half: h < 12 ? 'AM' : 'PM' };
}

/**
 * A time of day for people.
 * @example timeOfDayLabel('17:00') // "5 PM"
 * @example timeOfDayLabel('11:30') // "11:30 AM"
 */
export function timeOfDayLabel(hhmm: string): string {
  const c = clock(minutesOf(hhmm));
  return `${c.text} ${c.half}`;
}

/**
 * A window for people, the half of the day said once when both ends share it.
 * @example windowLabel('07:00', '09:00') // "7–9 AM"
 * @example windowLabel('11:00', '13:00') // "11 AM–1 PM"
 */
export function windowLabel(start: string, end: string): string {
  const a = clock(minutesOf(start));
  const b = clock(minutesOf(end));
  return a.half === b.half ? `${a.text}–${b.text} ${b.half}` : `${a.text} ${a.half}–${b.text} ${b.half}`;
}

/** "today", "tomorrow" or "Fri 27 Nov" for a local date, seen from local date `today`. */
export function dayLabel(date: string, today: string): string {
  if (date === today) return 'today';
  if (date === addDays(today, 1)) return 'tomorrow';
  const noon = shopInstant(date, '12:00');
  const local = new Date(noon.getTime() + IST_OFFSET_MINUTES * MINUTE);
  return `${DAY_NAMES[local.getUTCDay()]} ${local.getUTCDate()} ${MONTH_NAMES[local.getUTCMonth()]}`;
}

/** A stored slot (its two instants) for people, e.g. "Thu 26 Nov, 7–9 AM" (no today/tomorrow: it is kept). */
export function describeSlot(startsAt: Date, endsAt: Date): string {
  const s = shopTime(startsAt);
  const e = shopTime(endsAt);
  const day = `${DAY_NAMES[s.weekday]} ${Number(s.date.slice(8))} ${MONTH_NAMES[Number(s.date.slice(5, 7)) - 1]}`;
  return `${day}, ${windowLabel(`${pad(Math.floor(s.minutes / 60))}:${pad(s.minutes % 60)}`, `${pad(Math.floor(e.minutes / 60))}:${pad(e.minutes % 60)}`)}`;
}

/** What staff set for one slot: its own capacity (null: the template's) and whether they closed it. */
export interface SlotOverride {
  capacity: number | null;
  closed: boolean;
}

/** The reason a slot staff closed shows. */
export const CLOSED_BY_SHOP = 'Closed by the shop';

/**
 * The template's slots from today (shop time) for `template.days` days, with `used[id]` orders
 * already in each and what staff set (`overrides[id]`). A slot is closed once `now` is within
 * `cutoffMinutes` of its start, every same-day slot is closed from `sameDayLastOrder` on, and a
 * slot staff closed is closed; a slot with no place left is full.
 */
export function generateSlots(
  template: SlotTemplate,
  now: Date,
  used: Readonly<Record<string, number>> = {},
  overrides: Readonly<Record<string, SlotOverride>> = {},
): Slot[] {
  const today = shopTime(now).date;
  const nowMs = now.getTime();
  const lastOrder = template.sameDayLastOrder;
  const sameDayOver = lastOrder !== null && shopTime(now).minutes >= minutesOf(lastOrder);
  const slots: Slot[] = [];
  for (let d = 0; d < template.days; d++) {
    const date = addDays(today, d);
    for (const w of template.windows) {
      const id = `${date}T${w.start}`;
      const startsAt = shopInstant(date, w.start);
      const override = overrides[id];
      const capacity = override?.capacity ?? w.capacity;
      const booked = used[id] ?? 0;
      const left = Math.max(0, capacity - booked);
      const closesAt = startsAt.getTime() - template.cutoffMinutes * MINUTE;
      let reason: string | null = null;
      let status: Slot['status'] = 'open';
      if (nowMs >= closesAt) {
        status = 'closed';
        reason =
          nowMs >= startsAt.getTime()
            ? 'Closed: this slot has started'
            : `Closed: orders close ${template.cutoffMinutes / 60} hours before the slot`;
      } else if (date === today && sameDayOver) {
        status = 'closed';
        reason = `Closed: same-day delivery closes at ${clock(minutesOf(lastOrder!)).text} ${clock(minutesOf(lastOrder!)).half}`;
      } else if (override?.closed) {
        status = 'closed';
        reason = CLOSED_BY_SHOP;
      } else if (left === 0) {
        status = 'full';
        reason = 'Full';
      }
      slots.push({
        id,
        date,
        start: w.start,
        end: w.end,
        startsAt,
        endsAt: shopInstant(date, w.end),
        capacity,
        booked,
        left,
        closedByShop: override?.closed ?? false,
        status,
        reason,
        label: `${dayLabel(date, today)} ${windowLabel(w.start, w.end)}`,
        day: dayLabel(date, today),
        window: windowLabel(w.start, w.end),
      });
    }
  }
  return slots;
}

/** The first open slot, or null. */
export const earliestOpen = (slots: readonly Slot[]): Slot | null => slots.find((s) => s.status === 'open') ?? null;
