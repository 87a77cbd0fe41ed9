import { describe, expect, it } from 'vitest';
import { cleanBannerText, itemCountLabel, packSize } from '#features/catalog/rules.ts';
import { imageUrl, PLACEHOLDER_IMAGE } from '#lib/images.ts';
import { formatPaise, paiseToRupees, percentOff, rupeesToPaise } from '#lib/money.ts';

describe('money', () => {
  it('formats paise as rupees with two decimals, in the Indian grouping', () => {
    expect(formatPaise(38000)).toBe('₹380.00');
    expect(formatPaise(12345678)).toBe('₹1,23,456.78');
  });
  it('always shows two decimals, the mobile cart panel’s line totals included', () => {
    expect(formatPaise(10800)).toBe('₹108.00');
    expect(formatPaise(38050)).toBe('₹380.50');
    expect(formatPaise(5)).toBe('₹0.05');
  });
  it("writes exactly what Intl's en-IN currency format writes", () => {
    const intl2 = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
    const amounts = [0, -0, 5, -5, 15, 95, 99, 999_995, 1e14 - 1, -(1e14 - 1), 1e15, 123.5, 0.25, Number.NaN, Infinity];
    for (let paise = -25_000; paise <= 250_000; paise += 1) amounts.push(paise);
    for (let digits = 1; digits <= 15; digits += 1)
      for (let i = 0; i < 200; i += 1) amounts.push(Math.floor(Math.random() * 10 ** digits));
    const differ = amounts.filter((paise) => formatPaise(paise) !== intl2.format(paise / 100));
    expect(differ.map((paise) => [paise, formatPaise(paise)])).toEqual([]);
  });
  it('converts between rupees and paise without float drift', () => {
    expect(rupeesToPaise('380.50')).toBe(38050);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    expect(rupeesToPaise('12abc')).toBeNaN();
    expect(paiseToRupees(38050)).toBe(380.5);
  });
  it('rounds percent off and shows none when the offer is not below the price', () => {
    expect(percentOff(42000, 38000)).toBe(10);
    expect(percentOff(30000, 20000)).toBe(33);
    expect(percentOff(10000, 10000)).toBe(0);
    expect(percentOff(10000, 12000)).toBe(0);
    expect(percentOff(0, 0)).toBe(0);
  });
});

describe('catalogue helpers', () => {
  it('labels item counts in the singular and plural', () => {
    expect(itemCountLabel(1)).toBe('1 Item');
    expect(itemCountLabel(0)).toBe('0 Items');
    expect(itemCountLabel(12)).toBe('12 Items');
  });
  it('writes pack sizes', () => {
    expect(packSize(500, 'g')).toBe('500 g');
    expect(packSize(0.5, 'kg')).toBe('0.5 kg');
    expect(packSize(null, 'pc')).toBe('pc');
  });
  it('blanks banner texts made only of b and digits', () => {
    expect(cleanBannerText('b12')).toBe('');
    expect(cleanBannerText('Mango season')).toBe('Mango season');
    expect(cleanBannerText(null)).toBe('');
  });
  it('resolves image paths with the media host and falls back to the placeholder', () => {
    expect(imageUrl('emoji/1f345.svg')).toBe('/media/emoji/1f345.svg');
    expect(imageUrl('emoji/1f345.svg', 'https://cdn.example/media/')).toBe('https://cdn.example/media/emoji/1f345.svg');
    expect(imageUrl('https://img.example/a.jpg')).toBe('https://img.example/a.jpg');
    expect(imageUrl('')).toBe(PLACEHOLDER_IMAGE);
    expect(imageUrl(42)).toBe(PLACEHOLDER_IMAGE);
  });
});
