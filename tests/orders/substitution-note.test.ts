/** The substitution note of the order details and the tracking page, rendered as the server does. */

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import SubstitutionNote from '#features/orders/islands/SubstitutionNote.tsx';

const item = (id: number, title: string, substitution: string | null) => ({ id, substitution, product: { title } });
const text = (order: Parameters<typeof SubstitutionNote>[0]['order']) =>
  renderToStaticMarkup(createElement(SubstitutionNote, { order }))
    .replace(/<[^>]+>/g, '')
    .replaceAll('&#x27;', "'");

describe('substitution note', () => {
  it("says the order's choice and lists only the items whose own choice differs", () => {
    const shown = text({
      substitution: 'refund',
      order_items: [item(1, 'Nendran Banana', 'call'), item(2, 'Red Banana', 'refund')],
    });
    expect(shown).toBe("If an item is out of stock: Don't replace (refund)Nendran Banana: Call me");
  });

  it('shows nothing for an order placed before the choice existed', () => {
    expect(text({ substitution: null, order_items: [item(1, 'Nendran Banana', null)] })).toBe('');
  });
});
