/** Unit sale prices: per kg, per litre or per piece, and none where the size is not measurable. */
import { describe, expect, it } from 'vitest';
import { unitPrice, unitPriceLabel } from '#lib/unit-price.ts';

describe('unit sale price', () => {
  it('gives a price per kg for grams and kilograms', () => {
    expect(unitPriceLabel(7200, 500, 'g')).toBe('₹144.00/kg');
    expect(unitPriceLabel(45000, 5, 'kg')).toBe('₹90.00/kg');
    expect(unitPriceLabel(6000, 0.25, 'kg')).toBe('₹240.00/kg');
    expect(unitPriceLabel(2000, 200, 'mg')).toBe('₹1,00,000.00/kg');
  });

  it('gives a price per litre for millilitres and litres', () => {
    expect(unitPriceLabel(3000, 500, 'ml')).toBe('₹60.00/l');
    expect(unitPriceLabel(19900, 2, 'l')).toBe('₹99.50/l');
  });

  it('gives a price per piece for counted goods, a dozen being twelve', () => {
    expect(unitPriceLabel(6500, 1, 'dozen')).toBe('₹5.42/pc');
    expect(unitPriceLabel(12000, 6, 'pcs')).toBe('₹20.00/pc');
  });

  it('shows none rather than a wrong one', () => {
    expect(unitPrice(4000, 1, 'bunch')).toBeNull();
    expect(unitPrice(4000, null, 'kg')).toBeNull();
    expect(unitPrice(4000, 0, 'g')).toBeNull();
    expect(unitPrice(4000, 250, null)).toBeNull();
    expect(unitPrice(0, 250, 'g')).toBeNull();
    expect(unitPriceLabel(4000, 1, 'litre')).toBe('');
  });

  it('does not repeat the price of a pack of exactly one kg, litre or piece', () => {
    expect(unitPrice(7200, 1, 'kg')).toBeNull();
    expect(unitPrice(7200, 1000, 'g')).toBeNull();
    expect(unitPrice(7200, 1, 'l')).toBeNull();
    expect(unitPrice(7200, 1, 'pc')).toBeNull();
  });
});
