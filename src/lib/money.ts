/**
 * Money helpers. Amounts are integer paise everywhere in code; rupees appear only at the edges
 * (API JSON as numbers with 2 decimals, display via Intl in en-IN).
 */

// Made on first use, not when the module loads: the first Intl.NumberFormat of a browser tab
// starts ICU (~30 ms of main thread on a desktop core, ~120 ms on Lighthouse's mobile CPU), and
// pages such as a guest's empty /cart import this module without ever showing a price.
let inr: Intl.NumberFormat | undefined;
let inr1: Intl.NumberFormat | undefined;

/**
 * Formats paise as rupees with 2 decimals.
 * @example formatPaise(38000) // '₹380.00'
 */
export function formatPaise(paise: number): string {
  inr ??= new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
  return inr.format(paise / 100);
}

/**
 * Formats paise as rupees with 1 decimal (the mobile cart panel's line totals, spec 000 §9).
 * @example formatPaise1(38050) // '₹380.5'
 */
export function formatPaise1(paise: number): string {
  inr1 ??= new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return inr1.format(paise / 100);
}

/**
 * Paise to a rupee number with 2 decimals, for API JSON.
 * @example paiseToRupees(38050) // 380.5
 */
export function paiseToRupees(paise: number): number {
  return Math.round(paise) / 100;
}

/**
 * Rupees (number or numeric string) to integer paise; NaN for anything else.
 * @example rupeesToPaise('380.50') // 38050
 */
export function rupeesToPaise(rupees: number | string): number {
  const n = typeof rupees === 'number' ? rupees : /^\s*-?\d+(\.\d+)?\s*$/.test(rupees) ? Number(rupees) : NaN;
  return Number.isFinite(n) ? Math.round(n * 100) : NaN;
}

/**
 * Percent off for a card badge (spec 000 §9): round((price − offer) / price × 100), or 0 when
 * the offer is not below the price.
 * @example percentOff(42000, 38000) // 10
 */
export function percentOff(mrpPaise: number, offerPaise: number): number {
  if (!(mrpPaise > 0) || !(offerPaise < mrpPaise)) return 0;
  return Math.round(((mrpPaise - offerPaise) / mrpPaise) * 100);
}
