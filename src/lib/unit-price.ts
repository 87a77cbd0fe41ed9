/**
 * Unit sale price, so customers can compare prices (Legal Metrology (Packaged
 * Commodities) Rules 2011, rule 6: packaged goods show a price per kg or per litre, counted goods
 * per piece): the selling price of a pack divided by its size. Pure and browser-safe, for cards,
 * the product page and the cart alike.
 *
 * Units: g, mg and kg give a price per kg; ml and l per litre; pc, pcs and dozen per piece.
 * A pack without a measurable size (no weight, an unknown unit such as "bunch") has none, rather
 * than a wrong one; a pack of exactly 1 kg, 1 l or 1 piece has none either (it would repeat the
 * price).
 */
import { formatPaise } from '#lib/money.ts';

/** Per what the unit price is given, and how many of those one unit of the pack size is. */
const PER: Record<string, { per: 'kg' | 'l' | 'pc'; factor: number }> = {
  mg: { per: 'kg', factor: 1e-6 },
  g: { per: 'kg', factor: 1e-3 },
  kg: { per: 'kg', factor: 1 },
  ml: { per: 'l', factor: 1e-3 },
  l: { per: 'l', factor: 1 },
  pc: { per: 'pc', factor: 1 },
  pcs: { per: 'pc', factor: 1 },
  dozen: { per: 'pc', factor: 12 },
};

/** The unit sale price: paise per kg, litre or piece, or null when the pack has no measurable size. */
export function unitPrice(
  pricePaise: number,
  weight: number | null | undefined,
  unit: string | null | undefined,
): { paise: number; per: 'kg' | 'l' | 'pc' } | null {
  const rule = unit ? PER[unit.trim().toLowerCase()] : undefined;
  if (!rule || typeof weight !== 'number' || !(weight > 0) || !(pricePaise > 0)) return null;
  const quantity = weight * rule.factor;
  if (Math.abs(quantity - 1) < 1e-9) return null;
  return { paise: Math.round(pricePaise / quantity), per: rule.per };
}

/**
 * The unit sale price as shown beside a price, e.g. "₹144.00/kg", "₹8.33/pc"; '' when none.
 * @example unitPriceLabel(7200, 500, 'g') // '₹144.00/kg'
 */
export function unitPriceLabel(
  pricePaise: number,
  weight: number | null | undefined,
  unit: string | null | undefined,
): string {
  const u = unitPrice(pricePaise, weight, unit);
  return u ? `${formatPaise(u.paise)}/${u.per}` : '';
}

/**
 * The unit sale price as a listing's declarations state it, a pack of exactly 1 kg, 1 l or 1 piece
 * included (its price per kg, litre or piece), e.g. "₹72.00/kg"; '' when the pack has no
 * measurable size.
 * @example unitSalePriceLabel(7200, 1, 'kg') // '₹72.00/kg'
 */
export function unitSalePriceLabel(
  pricePaise: number,
  weight: number | null | undefined,
  unit: string | null | undefined,
): string {
  const label = unitPriceLabel(pricePaise, weight, unit);
  if (label) return label;
  const rule = unit ? PER[unit.trim().toLowerCase()] : undefined;
  if (!rule || typeof weight !== 'number' || !(pricePaise > 0) || Math.abs(weight * rule.factor - 1) >= 1e-9) return '';
  return `${formatPaise(pricePaise)}/${rule.per}`;
}

/**
 * Pack size label, e.g. "500 g", "1 kg", "6 pcs".
 * @example packSize(0.5, 'kg') // '0.5 kg'
 */
export function packSize(weight: number | null, unit: string | null): string {
  if (weight === null || weight === undefined) return unit ?? '';
  const w = Number.isInteger(weight) ? String(weight) : String(Number(weight.toFixed(3)));
  return unit ? `${w} ${unit}` : w;
}
