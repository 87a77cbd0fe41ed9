/**
 * Slot generation with a fixed clock: windows in shop time (Asia/Kolkata), the
 * cut-off before each slot, no same-day slot from the last-order time on, full slots, labels,
 * and the zones file's validation and PIN-code matching.
 */
import { describe, expect, it } from 'vitest';
import { parseDeliveryConfig, zoneForPin } from '#features/delivery/server/zones.ts';
import {
  dayLabel,
  describeSlot,
  earliestOpen,
  generateSlots,
  shopInstant,
  windowLabel,
} from '#features/delivery/slots.ts';
import testZones from '../fixtures/zones.json' with { type: 'json' };

const { zones } = parseDeliveryConfig(testZones, 'the test zones');
const city = zones.find((z) => z.id === 'thrissur-central')!.template;
/** An instant given as shop time. */
const ist = (date: string, time: string) => shopInstant(date, time);

describe('generateSlots', () => {
  it('lists today and the next two days of windows, in shop time', () => {
    const slots = generateSlots(city, ist('2026-11-26', '03:00'));
    expect(slots).toHaveLength(15);
    expect(slots[0]).toMatchObject({ id: '2026-11-26T07:00', label: 'today 7–9 AM', status: 'open', reason: null });
    expect(slots[0]!.startsAt.toISOString()).toBe('2026-11-26T01:30:00.000Z');
    expect(slots[5]).toMatchObject({ id: '2026-11-27T07:00', label: 'tomorrow 7–9 AM' });
    expect(slots[10]!.label).toBe('Sat 28 Nov 7–9 AM');
    expect(slots.map((s) => s.label.replace(/^\S+ /, '')).slice(0, 5)).toEqual([
      '7–9 AM',
      '9–11 AM',
      '11 AM–1 PM',
      '4–6 PM',
      '6–8 PM',
    ]);
  });

  it('closes a slot two hours before it starts, and one that has started', () => {
    const slots = generateSlots(city, ist('2026-11-26', '08:30'));
    expect(slots[0]).toMatchObject({ status: 'closed', reason: 'Closed: this slot has started' });
    expect(slots[1]).toMatchObject({ status: 'closed', reason: 'Closed: orders close 2 hours before the slot' });
    expect(slots[2]).toMatchObject({ status: 'open' }); // 11:00 closes at 09:00
  });

  it('keeps a slot open until its cut-off', () => {
    const slots = generateSlots(city, ist('2026-11-26', '08:59'));
    expect(slots[2]).toMatchObject({ id: '2026-11-26T11:00', status: 'open' });
    expect(earliestOpen(slots)!.label).toBe('today 11 AM–1 PM');
    const later = generateSlots(city, ist('2026-11-26', '09:00'));
    expect(later[2]).toMatchObject({ status: 'closed', reason: 'Closed: orders close 2 hours before the slot' });
  });

  it('offers no same-day slot from 5 PM on', () => {
    const before = generateSlots(city, ist('2026-11-26', '15:59'));
    expect(before[4]).toMatchObject({ id: '2026-11-26T18:00', status: 'open' });
    const after = generateSlots(city, ist('2026-11-26', '17:00'));
    expect(after.filter((s) => s.date === '2026-11-26').every((s) => s.status === 'closed')).toBe(true);
    expect(earliestOpen(after)!.label).toBe('tomorrow 7–9 AM');
  });

  it('marks a slot full when its places are taken', () => {
    const slots = generateSlots(city, ist('2026-11-26', '03:00'), { '2026-11-26T07:00': 20, '2026-11-26T09:00': 19 });
    expect(slots[0]).toMatchObject({ status: 'full', reason: 'Full', left: 0 });
    expect(slots[1]).toMatchObject({ status: 'open', left: 1 });
  });

  it('crosses midnight in shop time, not in UTC', () => {
    // 23:30 IST on the 26th is 18:00 UTC on the 26th; 00:30 IST on the 27th is 19:00 UTC on the 26th.
    expect(generateSlots(city, ist('2026-11-27', '00:30'))[0]!.label).toBe('today 7–9 AM');
    expect(generateSlots(city, ist('2026-11-27', '00:30'))[0]!.id).toBe('2026-11-27T07:00');
  });
});

describe('labels', () => {
  it('says the half of the day once when both ends share it', () => {
    expect(windowLabel('07:00', '09:00')).toBe('7–9 AM');
    expect(windowLabel('11:00', '13:00')).toBe('11 AM–1 PM');
    expect(windowLabel('12:00', '14:30')).toBe('12–2:30 PM');
  });
  it('names days', () => {
    expect(dayLabel('2026-11-26', '2026-11-26')).toBe('today');
    expect(dayLabel('2026-12-01', '2026-11-30')).toBe('tomorrow');
    expect(dayLabel('2026-12-31', '2026-12-29')).toBe('Thu 31 Dec');
    expect(describeSlot(ist('2026-11-26', '16:00'), ist('2026-11-26', '18:00'))).toBe('Thu 26 Nov, 4–6 PM');
  });
});

describe('zones', () => {
  it('matches an exact PIN code before a prefix', () => {
    expect(zoneForPin('680001', zones)!.id).toBe('thrissur-central');
    expect(zoneForPin('680555', zones)!.id).toBe('thrissur-outer');
    expect(zoneForPin('110001', zones)).toBeNull();
  });
  it('converts rupees to paise', () => {
    expect(zones[0]).toMatchObject({ feePaise: 4000, freeFromPaise: 49900, minOrderPaise: 0 });
    expect(zones[1]).toMatchObject({ feePaise: 6000, freeFromPaise: 79900, minOrderPaise: 29900 });
  });
  it('lists every problem of a bad file with its path', () => {
    const bad = {
      slotTemplates: {
        a: {
          days: 2,
          cutoffMinutes: 60,
          sameDayLastOrder: '25:00',
          windows: [{ start: '09:00', end: '08:00', capacity: 0 }],
        },
      },
      zones: [
        { id: 'x', name: 'X', pinCodes: ['680001'], feeRupees: 40, freeFromRupees: 499, slotTemplate: 'b' },
        { id: 'x', name: 'Y', pinCodes: ['680001'], feeRupees: 40.005, freeFromRupees: 499, slotTemplate: 'a' },
      ],
    };
    let message = '';
    try {
      parseDeliveryConfig(bad, 'bad.json');
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain('Delivery zones in bad.json are not valid');
    expect(message).toContain('slotTemplates.a.sameDayLastOrder: must be a time HH:MM');
    expect(message).toContain('slotTemplates.a.windows.0.capacity: must be at least 1 order');
    expect(message).toContain('zones.1.feeRupees: must have at most 2 decimals');
  });
  it('reports cross-zone problems', () => {
    const bad = {
      slotTemplates: {
        a: {
          days: 2,
          cutoffMinutes: 60,
          sameDayLastOrder: null,
          windows: [{ start: '09:00', end: '11:00', capacity: 5 }],
        },
      },
      zones: [
        { id: 'x', name: 'X', pinCodes: ['680001'], feeRupees: 40, freeFromRupees: 499, slotTemplate: 'b' },
        { id: 'x', name: 'Y', pinCodes: ['680001'], feeRupees: 40, freeFromRupees: 499, slotTemplate: 'a' },
      ],
    };
    expect(() => parseDeliveryConfig(bad, 'bad.json')).toThrow(
      /zones\.0\.slotTemplate: unknown slot template "b"[\s\S]*duplicate zone id "x"[\s\S]*PIN code 680001 is also in zone "x"/,
    );
  });
});
