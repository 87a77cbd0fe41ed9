/**
 * Money helpers. Amounts are integer paise everywhere in code; rupees appear only at the edges
 * (API JSON as numbers with 2 decimals, display via Intl in en-IN).
 */

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
const inr1 = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Formatted amounts kept (Intl formatting was ~1% of a cold product page; prices repeat). */
const FORMATTED_KEPT = 4096;
const formatted = new Map<number, string>();

/**
 * Formats paise as rupees with 2 decimals (remembered per amount, up to FORMATTED_KEPT).
 * @example formatPaise(38000) // '₹380.00'
 */
export function formatPaise(paise: number): string {
  let text = formatted.get(paise);
  if (text === undefined) {
    text = inr.format(paise / 100);
    if (formatted.size >= FORMATTED_KEPT) formatted.clear();
    formatted.set(paise, text);
  }
  return text;
}

/**
 * Formats paise as rupees with 1 decimal (the mobile cart panel's line totals, spec 000 §9).
 * @example formatPaise1(38050) // '₹380.5'
 */
export function formatPaise1(paise: number): string {
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
