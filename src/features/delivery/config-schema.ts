/**
 * The delivery zones file's shape, validated with zod with clear errors: slot
 * templates (daily windows in shop time with a capacity each, days ahead, cut-offs) and zones
 * (PIN codes and prefixes, fee, free-delivery threshold and minimum order in rupees, a template).
 * Server and CLI only: islands import the zod-free rules.ts.
 */
import { z } from 'zod';
import { PIN_CODE } from './rules.ts';

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM (24-hour), e.g. "07:00"');
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const rupees = z.number().min(0, 'must be 0 or more').max(100_000).multipleOf(0.01, 'must have at most 2 decimals');

/** One delivery window of a day, e.g. 07:00–09:00 with room for 20 orders. */
export const windowSchema = z
  .object({ start: time, end: time, capacity: z.number().int().min(1, 'must be at least 1 order') })
  .strict()
  .refine((w) => minutesOf(w.end) > minutesOf(w.start), { message: 'end must be after start', path: ['end'] });

/** A slot template: the windows of each day, how many days ahead, and the cut-offs. */
export const slotTemplateSchema = z
  .object({
    /** Days offered, today included (1 = today only). */
    days: z.number().int().min(1).max(14),
    /** A slot closes this many minutes before it starts. */
    cutoffMinutes: z
      .number()
      .int()
      .min(0)
      .max(24 * 60),
    /** No same-day slot can be chosen from this time of day on (e.g. "17:00"); null: no such rule. */
    sameDayLastOrder: time.nullable(),
    windows: z.array(windowSchema).min(1, 'needs at least one window'),
  })
  .strict()
  .refine((t) => t.windows.every((w, i) => i === 0 || minutesOf(w.start) >= minutesOf(t.windows[i - 1]!.end)), {
    message: 'windows must be in order and must not overlap',
    path: ['windows'],
  });

/** A delivery zone as the configuration file writes it. */
export const zoneSchema = z
  .object({
    /** Stable id (stored with orders), e.g. "thrissur-central". */
    id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be lower-case letters, digits and dashes'),
    name: z.string().trim().min(1).max(60),
    /** Exact PIN codes served. */
    pinCodes: z.array(z.string().regex(PIN_CODE, 'must be a 6-digit PIN code')).default([]),
    /** PIN code prefixes served (1 to 5 digits), e.g. "680" for every 680xxx. */
    pinPrefixes: z.array(z.string().regex(/^\d{1,5}$/, 'must be 1 to 5 digits')).default([]),
    feeRupees: rupees,
    /** Delivery is free from this subtotal on. */
    freeFromRupees: rupees,
    minOrderRupees: rupees.default(0),
    slotTemplate: z.string().min(1),
  })
  .strict()
  .refine((z) => z.pinCodes.length + z.pinPrefixes.length > 0, {
    message: 'needs pinCodes or pinPrefixes',
    path: ['pinCodes'],
  });

/** The whole configuration file (src/features/delivery/data/zones.json or DELIVERY_ZONES_FILE). */
export const deliveryConfigSchema = z
  .object({
    slotTemplates: z.record(z.string(), slotTemplateSchema),
    zones: z.array(zoneSchema).min(1, 'needs at least one zone'),
  })
  .strict()
  .superRefine((c, ctx) => {
    const ids = new Set<string>();
    const codes = new Map<string, string>();
    const prefixes = new Map<string, string>();
    c.zones.forEach((zone, i) => {
      if (ids.has(zone.id))
        ctx.addIssue({ code: 'custom', path: ['zones', i, 'id'], message: `duplicate zone id "${zone.id}"` });
      ids.add(zone.id);
      if (!c.slotTemplates[zone.slotTemplate]) {
        ctx.addIssue({
          code: 'custom',
          path: ['zones', i, 'slotTemplate'],
          message: `unknown slot template "${zone.slotTemplate}" (known: ${Object.keys(c.slotTemplates).join(', ')})`,
        });
      }
      for (const code of zone.pinCodes) {
        if (codes.has(code))
          ctx.addIssue({
            code: 'custom',
            path: ['zones', i, 'pinCodes'],
            message: `PIN code ${code} is also in zone "${codes.get(code)}"`,
          });
        codes.set(code, zone.id);
      }
      for (const p of zone.pinPrefixes) {
        if (prefixes.has(p))
          ctx.addIssue({
            code: 'custom',
            path: ['zones', i, 'pinPrefixes'],
            message: `prefix ${p} is also in zone "${prefixes.get(p)}"`,
          });
        prefixes.set(p, zone.id);
      }
    });
  });

/** The configuration as written (rupees). */
export type DeliveryConfigInput = z.input<typeof deliveryConfigSchema>;
