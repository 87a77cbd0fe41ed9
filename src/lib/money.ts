/**
 * Money helpers. Amounts are integer paise everywhere in code; rupees appear only at the edges
 * (API JSON as numbers with 2 decimals, display in Intl's en-IN currency format).
 */

// Whole paise (every amount the shop has) are written out here rather than by Intl: the first
// Intl.NumberFormat of a browser tab starts ICU, a long task on a phone's CPU, which a signed-in
// /cart would pay while hydrating and a guest's /cart while loading this module. The text is Intl's
// en-IN currency format exactly (tests/kernel/money.test.ts compares the two); anything else
// (fractions of a paisa, NaN, ₹10 trillion and beyond) still goes through Intl, made on first use.
let inr: Intl.NumberFormat | undefined;

/** Whether `paise` is a whole number small enough (below 10^15) for the arithmetic below to be exact. */
const wholePaise = (paise: number) => Number.isInteger(paise) && Math.abs(paise) < 1e15;

/** Indian digit grouping (the last three digits, then pairs): '1234567' → '12,34,567'. */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/** `paise` (a non-negative integer) as '₹12,345.67', signed. */
function rupeeText(negative: boolean, paise: number): string {
  const whole = Math.floor(paise / 100);
  const fraction = String(paise % 100).padStart(2, '0');
  return `${negative ? '-' : ''}₹${groupIndian(String(whole))}.${fraction}`;
}

/**
 * Formats paise as rupees with 2 decimals, in the Indian grouping: the one money format of every
 * page, island and message (docs/adr/0123-one-count-and-one-money-format.md).
 * @example formatPaise(38000) // '₹380.00'; formatPaise(12345678) // '₹1,23,456.78'; formatPaise(-4000) // '-₹40.00'
 */
export function formatPaise(paise: number): string {
  if (wholePaise(paise)) return rupeeText(paise < 0 || Object.is(paise, -0), Math.abs(paise));
  inr ??= new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
  return inr.format(paise / 100);
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
 * Percent off for a card badge: round((price − offer) / price × 100), or 0 when
 * the offer is not below the price.
 * @example percentOff(42000, 38000) // 10
 */
export function percentOff(mrpPaise: number, offerPaise: number): number {
  if (!(mrpPaise > 0) || !(offerPaise < mrpPaise)) return 0;
  return Math.round(((mrpPaise - offerPaise) / mrpPaise) * 100);
}
