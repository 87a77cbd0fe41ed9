/**
 * What the shop still lacks of the seller's details every page shows (src/lib/config/seller-settings.ts):
 * in production outside demo mode, the settings left unset (the pages leave their lines out; SHOP_ADDRESS and
 * SHOP_GSTIN still show the demo's), and, in any mode, an FSSAI
 * licence whose validity has passed. The server logs it in one line at start
 * (`logSellerStartupWarning`) and the back office shows it to the owner as setup notices
 * (`sellerSetupNotices`, registered in src/server/wiring.ts) until it is fixed.
 */
import { type Config, getConfig } from './config.ts';
import { logger } from './log.ts';
import type { SetupNotice } from './setup-notices.ts';

type SellerConfig = Pick<Config, 'NODE_ENV' | 'DEMO_MODE' | 'SELLER_SETTINGS_UNSET' | 'SHOP_FSSAI_VALID_UNTIL'>;

/** Today's date in India (YYYY-MM-DD): the licence is valid through its last day, Indian time. */
const todayInIndia = (now: Date) => new Date(now.getTime() + 5.5 * 3600_000).toISOString().slice(0, 10);

/** One formatter for every page: making an Intl.DateTimeFormat costs about 0.3 ms, on every render that made one. */
const LONG_DATE = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'UTC' });

/** The dates formatted so far: a shop has one or two date settings, so formatting each once is enough. */
const longDates = new Map<string, string>();

/**
 * A date setting (YYYY-MM-DD) as the footer and the contact page write it.
 * @example longSettingDate('2027-03-31') // '31 March 2027'
 */
export function longSettingDate(date: string): string {
  let text = longDates.get(date);
  if (text === undefined) {
    text = LONG_DATE.format(new Date(`${date}T00:00:00Z`));
    longDates.set(date, text);
  }
  return text;
}

/**
 * The seller settings to set: those unset in production; none in demo mode (its made-up values
 * are meant) or under development and tests.
 */
export function missingSellerSettings(config: SellerConfig): string[] {
  return config.NODE_ENV === 'production' && !config.DEMO_MODE ? config.SELLER_SETTINGS_UNSET : [];
}

/** Whether the FSSAI licence's last valid day (when set) is before `now`'s date in India. */
export function fssaiLicenceExpired(config: SellerConfig, now = new Date()): boolean {
  return config.SHOP_FSSAI_VALID_UNTIL !== undefined && config.SHOP_FSSAI_VALID_UNTIL < todayInIndia(now);
}

/** The back office's notices about the seller's details, for the owner (who holds staff.manage). */
export function sellerSetupNotices(config: SellerConfig = getConfig(), now = new Date()): SetupNotice[] {
  const notices: SetupNotice[] = [];
  const missing = missingSellerSettings(config);
  if (missing.length > 0)
    notices.push({
      message: `The seller's details in every page's footer and on the contact page are missing or made up until these settings are set: ${missing.join(', ')}.`,
      permission: 'staff.manage',
    });
  if (fssaiLicenceExpired(config, now))
    notices.push({
      message: `The FSSAI licence expired after ${config.SHOP_FSSAI_VALID_UNTIL}: renew it and set SHOP_FSSAI_LICENCE and SHOP_FSSAI_VALID_UNTIL.`,
      permission: 'staff.manage',
    });
  return notices;
}

/** The start-up warning (one line), or null when the seller's details are complete. */
export function sellerStartupWarning(config: SellerConfig, now = new Date()): string | null {
  const parts: string[] = [];
  const missing = missingSellerSettings(config);
  if (missing.length > 0)
    parts.push(`seller settings not set (the pages leave them out or show made-up ones): ${missing.join(', ')}`);
  if (fssaiLicenceExpired(config, now)) parts.push(`FSSAI licence expired after ${config.SHOP_FSSAI_VALID_UNTIL}`);
  return parts.length > 0 ? parts.join('; ') : null;
}

/** Logs the start-up warning, if any (the server, once at start). */
export function logSellerStartupWarning(): void {
  const warning = sellerStartupWarning(getConfig());
  if (warning) logger.warn(warning);
}
