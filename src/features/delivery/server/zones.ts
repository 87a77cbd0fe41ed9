/**
 * The configured delivery zones: read once per process from DELIVERY_ZONES_FILE or
 * the demo shop's data/zones.json, validated with rules.ts's schema. A bad file stops the
 * server with every problem listed (`npm run shop -- zones` shows the same list).
 */
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { getConfig } from '#lib/config.ts';
import { rupeesToPaise } from '#lib/money.ts';
import { deliveryConfigSchema } from '../config-schema.ts';
import demoZones from '../data/zones.json' with { type: 'json' };
import { DEMO_ZONES_FILE, type Zone } from '../rules.ts';

/** The zones, in file order. */
export interface DeliveryConfig {
  zones: Zone[];
  /** Where it was read from (a path, or "demo"). */
  source: string;
}

/** Thrown for a configuration file that is missing, not JSON or breaks the schema. */
export class DeliveryConfigError extends Error {}

/** Parses and checks a configuration object; throws DeliveryConfigError listing each problem with its path. */
export function parseDeliveryConfig(raw: unknown, source: string): DeliveryConfig {
  const parsed = deliveryConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(file)'}: ${i.message}`);
    throw new DeliveryConfigError(`Delivery zones in ${source} are not valid:\n${lines.join('\n')}`);
  }
  const { slotTemplates, zones } = parsed.data;
  return {
    source,
    zones: zones.map((z) => ({
      id: z.id,
      name: z.name,
      pinCodes: z.pinCodes,
      pinPrefixes: z.pinPrefixes,
      feePaise: rupeesToPaise(z.feeRupees),
      freeFromPaise: rupeesToPaise(z.freeFromRupees),
      minOrderPaise: rupeesToPaise(z.minOrderRupees),
      template: slotTemplates[z.slotTemplate]!,
    })),
  };
}

/** Reads a configuration file (JSON); throws DeliveryConfigError when it cannot. */
export function readDeliveryConfig(path: string): DeliveryConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new DeliveryConfigError(`Cannot read delivery zones file ${path}: ${(err as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new DeliveryConfigError(`Delivery zones file ${path} is not JSON: ${(err as Error).message}`);
  }
  return parseDeliveryConfig(raw, path);
}

let loaded: DeliveryConfig | null = null;

/** The shop's delivery configuration (read once per process). */
export function deliveryConfig(): DeliveryConfig {
  if (!loaded) {
    const file = getConfig().DELIVERY_ZONES_FILE;
    loaded = file ? readDeliveryConfig(file) : parseDeliveryConfig(demoZones, `the demo zones (${DEMO_ZONES_FILE})`);
  }
  return loaded;
}

/** Tests: use this configuration (null: read the configured one again). */
export function setDeliveryConfig(config: z.input<typeof deliveryConfigSchema> | null): void {
  loaded = config === null ? null : parseDeliveryConfig(config, 'test');
}

/**
 * The zone serving a PIN code, or null: an exact code wins over a prefix, a longer prefix over a
 * shorter one, across all zones.
 */
export function zoneForPin(pin: string, zones: readonly Zone[] = deliveryConfig().zones): Zone | null {
  const exact = zones.find((z) => z.pinCodes.includes(pin));
  if (exact) return exact;
  let best: Zone | null = null;
  let length = 0;
  for (const z of zones) {
    for (const p of z.pinPrefixes) {
      if (pin.startsWith(p) && p.length > length) {
        best = z;
        length = p.length;
      }
    }
  }
  return best;
}

/** The zone whose fees are shown before a PIN code is known: the first one in the file. */
export const defaultZone = (): Zone => deliveryConfig().zones[0]!;

/** A zone by id, or null (a zone removed from the file after an order was placed). */
export const zoneById = (id: string): Zone | null => deliveryConfig().zones.find((z) => z.id === id) ?? null;
