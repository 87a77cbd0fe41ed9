/**
 * No false urgency (docs/compliance.md): the product page's "Only N in stock" appears only once
 * the quantity chosen reaches what is really in stock, and then states that stock; a product
 * with more in stock than the customer takes says nothing about it. (The cart's "Only N of … left
 * in stock." answers only a quantity over the stock, stating it: tests/cart/cart-api.test.ts.)
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import ProductPurchase from '#features/cart/islands/ProductPurchase.tsx';

/** The text of the product page's purchase form for a product with `stock` units, as first drawn. */
const text = (stock: number) =>
  renderToStaticMarkup(createElement(ProductPurchase, { productId: 1, pricePaise: 4000, stock })).replace(
    /<[^>]+>/g,
    ' ',
  );

describe('the stock message of the product page', () => {
  it('says nothing about stock while more is in stock than the quantity chosen (1)', () => {
    for (const stock of [2, 3, 10, 500]) {
      expect(text(stock), `stock ${stock}`).not.toMatch(/Only|left|hurry/i);
    }
  });

  it('says "Only 1 in stock" when that is the stock', () => {
    expect(text(1)).toContain('Only 1 in stock');
  });

  it('says "Out of Stock", with no count, when none is left', () => {
    expect(text(0)).toContain('Out of Stock');
    expect(text(0)).not.toMatch(/Only \d/);
  });
});
