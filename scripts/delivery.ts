/**
 * Operators' delivery tool. Reads no database.
 *   npm run delivery -- zones [FILE]   check the zones file (FILE, else DELIVERY_ZONES_FILE, else
 *                                      the demo zones) and show each zone: PIN codes, fee,
 *                                      free-delivery threshold, minimum order, windows
 *   npm run delivery -- slots PIN      the slots a PIN code gets from now (shop time), with each
 *                                      one's capacity and cut-off state (places taken by orders
 *                                      are not read here: see GET /api/customer/delivery-slots)
 * Exit code 1 with every problem listed when the file is not valid; 2 for a usage error.
 */

import {
  type DeliveryConfig,
  DeliveryConfigError,
  deliveryConfig,
  generateSlots,
  readDeliveryConfig,
  windowLabel,
  zoneForPin,
} from '#features/delivery/index.ts';
import { PIN_CODE, PIN_INVALID } from '#features/delivery/rules.ts';
import { getConfig } from '#lib/config.ts';
import { formatPaise } from '#lib/money.ts';

const [command, arg] = process.argv.slice(2);

function load(file?: string): DeliveryConfig {
  return file ? readDeliveryConfig(file) : deliveryConfig();
}

function showZones(config: DeliveryConfig): void {
  console.log(`Delivery zones from ${config.source}: valid.\n`);
  for (const z of config.zones) {
    const codes = [...z.pinPrefixes.map((p) => `${p.padEnd(6, 'x')}`), ...z.pinCodes].join(', ');
    console.log(`${z.name} (${z.id})`);
    console.log(`  PIN codes     ${codes}`);
    console.log(
      `  delivery fee  ${formatPaise(z.feePaise)}, free from ${formatPaise(z.freeFromPaise)}; minimum order ${z.minOrderPaise ? formatPaise(z.minOrderPaise) : 'none'}`,
    );
    const t = z.template;
    console.log(
      `  slots         ${t.days} days; close ${t.cutoffMinutes} min before they start${t.sameDayLastOrder ? `; no same-day slot from ${t.sameDayLastOrder}` : ''}`,
    );
    console.log(
      `  windows       ${t.windows.map((w) => `${windowLabel(w.start, w.end)} (${w.capacity})`).join(', ')}\n`,
    );
  }
}

try {
  if (command === 'zones') {
    if (!arg && getConfig().DELIVERY_ZONES_FILE === '')
      console.log('DELIVERY_ZONES_FILE is not set: the demo zones are in use.');
    showZones(load(arg));
  } else if (command === 'slots' && arg) {
    if (!PIN_CODE.test(arg)) {
      console.error(PIN_INVALID);
      process.exitCode = 2;
    } else {
      const zone = zoneForPin(arg);
      if (!zone) {
        console.log(`Sorry, we do not deliver to ${arg} yet (no zone serves it).`);
      } else {
        console.log(`${arg}: ${zone.name} (${zone.id}), slots from now (India time):`);
        for (const s of generateSlots(zone.template, new Date()))
          console.log(
            `  ${s.id}  ${s.label.padEnd(24)} capacity ${String(s.capacity).padStart(3)}  ${s.reason ?? 'open'}`,
          );
      }
    }
  } else {
    console.error('Usage: npm run delivery -- zones [FILE] | npm run delivery -- slots PIN');
    process.exitCode = 2;
  }
} catch (err) {
  console.error(err instanceof DeliveryConfigError ? err.message : `Failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
