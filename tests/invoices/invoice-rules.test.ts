/**
 * The invoice's pure rules: amounts in words (Indian numbering), financial years in Asia/Kolkata,
 * invoice numbers, place of supply and tax per line.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocate,
  amountInWords,
  financialYear,
  formatInvoiceNumber,
  invoiceLines,
  numberInWords,
  placeOfSupply,
} from '#features/invoices/rules.ts';

describe('amount in words', () => {
  it.each([
    [0, 'Rupees Zero Only'],
    [100, 'Rupees One Only'],
    [5, 'Rupees Zero and Five Paise Only'],
    [1_100, 'Rupees Eleven Only'],
    [4_200, 'Rupees Forty-Two Only'],
    [164_100, 'Rupees One Thousand Six Hundred Forty-One Only'],
    [10_000_050, 'Rupees One Lakh and Fifty Paise Only'],
    [12_345_650, 'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only'],
    [1_000_000_000, 'Rupees One Crore Only'],
    [
      123_456_789_99,
      'Rupees Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine and Ninety-Nine Paise Only',
    ],
  ])('%i paise → %s', (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });

  it('counts crores of crores and refuses what is not an amount', () => {
    expect(numberInWords(1e12)).toBe('One Lakh Crore');
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
  });
});

describe('financial year', () => {
  it('runs April to March in India', () => {
    expect(financialYear(new Date('2026-11-25T10:00:00Z'))).toBe('2026-27');
    expect(financialYear(new Date('2027-03-31T18:00:00Z'))).toBe('2026-27'); // 23:30 on 31 March in India
    expect(financialYear(new Date('2027-03-31T18:30:00Z'))).toBe('2027-28'); // midnight, 1 April in India
    expect(financialYear(new Date('2026-04-01T00:00:00Z'))).toBe('2026-27');
    expect(financialYear(new Date('2099-06-01T00:00:00Z'))).toBe('2099-00');
  });

  it("formats invoice numbers within Rule 46(b)'s 16 characters", () => {
    expect(formatInvoiceNumber('FF', '2026-27', 123)).toBe('FF/26-27/000123');
    expect(formatInvoiceNumber('ABC', '2099-00', 999_999).length).toBe(16);
  });
});

describe('place of supply', () => {
  it("is the state of the delivery postal code, else the shop's", () => {
    expect(placeOfSupply('680001', '32')).toEqual({ code: '32', name: 'Kerala' });
    expect(placeOfSupply('600001', '32')).toEqual({ code: '33', name: 'Tamil Nadu' });
    expect(placeOfSupply('605001', '32')).toEqual({ code: '34', name: 'Puducherry' });
    expect(placeOfSupply(null, '32')).toEqual({ code: '32', name: 'Kerala' });
  });
});

describe('invoice lines', () => {
  const goods = [
    { description: 'Tomato', hsn: '0702', qty: 2, unit: '1 kg', unitPricePaise: 4000, totalPaise: 8000, taxPercent: 0 },
    {
      description: 'Halwa',
      hsn: '1704',
      qty: 1,
      unit: '500 g',
      unitPricePaise: 24000,
      totalPaise: 24000,
      taxPercent: 5,
    },
  ];

  it('takes GST out of tax-inclusive prices and splits it into CGST and SGST', () => {
    const {
      goods: [tomato, halwa],
      delivery,
    } = invoiceLines(goods, { discountPaise: 0, pointsPaise: 0, deliveryFeePaise: 4000 });
    expect(tomato).toMatchObject({ taxablePaise: 8000, cgstPaise: 0, sgstPaise: 0, netPaise: 8000 });
    // ₹240 including 5%: ₹228.57 taxable, ₹11.43 GST.
    expect(halwa).toMatchObject({ taxablePaise: 22857, cgstPaise: 572, sgstPaise: 571, igstPaise: 0, netPaise: 24000 });
    expect(delivery).toMatchObject({
      hsn: '9968',
      taxPercent: 18,
      taxablePaise: 3390,
      cgstPaise: 305,
      sgstPaise: 305,
      netPaise: 4000,
    });
  });

  it('charges IGST between states', () => {
    const {
      goods: [, halwa],
    } = invoiceLines(goods, { discountPaise: 0, pointsPaise: 0, deliveryFeePaise: 0 }, true);
    expect(halwa).toMatchObject({ cgstPaise: 0, sgstPaise: 0, igstPaise: 1143 });
  });

  it('adds up to what the customer paid, whatever the discount', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ total: fc.integer({ min: 1, max: 1_000_000 }), rate: fc.constantFrom(0, 5, 12, 18, 28) }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.integer({ min: 0, max: 500_000 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (lines, discount, points, fee) => {
          const input = lines.map((l) => ({
            description: 'x',
            hsn: null,
            qty: 1,
            unit: 'pc',
            unitPricePaise: l.total,
            totalPaise: l.total,
            taxPercent: l.rate,
          }));
          const subtotal = lines.reduce((a, l) => a + l.total, 0);
          const reduction = Math.min(subtotal, discount + points * 100);
          const out = invoiceLines(input, {
            discountPaise: discount,
            pointsPaise: points * 100,
            deliveryFeePaise: fee,
          });
          const all = [...out.goods, ...(out.delivery ? [out.delivery] : [])];
          expect(all.reduce((a, l) => a + l.netPaise, 0)).toBe(subtotal - reduction + fee);
          for (const l of all) expect(l.taxablePaise + l.cgstPaise + l.sgstPaise).toBe(l.netPaise);
        },
      ),
    );
  });

  it('allocates in whole paise that add up', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(0, [5, 5])).toEqual([0, 0]);
  });
});
