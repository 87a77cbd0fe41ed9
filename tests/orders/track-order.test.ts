/**
 * The tracking view marks the order's real status (marking only the first step was a defect of the
 * original storefront, ADR 0002): completed steps, the current one with aria-current="step", and a
 * cancelled order's own state; the delivery address and slot, the rider with a Call link when there
 * is one, the shop's help contact, and the Cancel only while the order may be cancelled.
 */

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import TrackOrder, { type Rider, type TrackedOrder } from '#features/orders/islands/TrackOrder.tsx';

const at = '2026-11-21T06:00:00.000Z';
const order = (status: string, extra: Partial<TrackedOrder> = {}): TrackedOrder => ({
  id: 42,
  created_at: at,
  order_status: status,
  payment_mode: 'Cash',
  promocode: null,
  subtotal: '150.00',
  discount: '0.00',
  points: 0,
  delivery_fee: '40.00',
  paid_amount: '190.00',
  customer_note: null,
  substitution: null,
  points_earned: 1,
  cancellable: false,
  invoice_number: null,
  invoice_url: '/api/customer/orders/42/invoice',
  refund: [],
  refunds: [],
  credit_notes: [],
  processed_at: null,
  out_for_delivery_at: null,
  undelivered_at: null,
  delivered_at: null,
  cancelled_at: null,
  delivery_slot: null,
  order_items: [
    {
      id: 1,
      qty: 2,
      total_amount: '150.00',
      product: { id: 7, title: 'Nendran Banana', image: '/media/emoji/1f34c.svg' },
      substitution: null,
      picked: null,
      measure: 'packs',
      substituted_for: null,
      ordered_total: null,
      handed_back: 0,
      handed_back_amount: null,
      returns: [],
    },
  ],
  ...extra,
});

const ADDRESS = { name: 'Asha Menon', lines: ['12/4, Round North', 'Thrissur 680001'], mobile: '+919876543210' };
const HELP = { phone: '+91 487 242 0000', email: 'hello@farmfresh.example' };

/** The view of `o` as the page renders it on the server (`cancel` stands for the Cancel island). */
const render = (o: TrackedOrder, rider: Rider | null = null, cancel?: string) =>
  renderToStaticMarkup(
    createElement(TrackOrder, {
      state: { kind: 'order', order: o, address: ADDRESS, rider, help: HELP },
      cancel: cancel ? createElement('button', { type: 'button' }, cancel) : undefined,
    }),
  );
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/\u00a0/g, ' ');

/** The step list items of the rendered view: label and whether each is completed or current. */
function steps(o: TrackedOrder) {
  const html = render(o);
  const list = /<ol[^>]*aria-label="Order progress"[^>]*>([\s\S]*?)<\/ol>/.exec(html)![1]!;
  return [...list.matchAll(/<li([^>]*)>([\s\S]*?)<\/li>/g)].map((m) => ({
    current: m[1]!.includes('aria-current="step"'),
    text: m[2]!
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  }));
}

describe('TrackOrder', () => {
  it('marks the steps up to an order out for delivery, that one current', () => {
    const s = steps(order('out_for_delivery', { processed_at: at, out_for_delivery_at: at }));
    expect(s.map((x) => x.current)).toEqual([false, false, true, false]);
    expect(s[0]!.text).toContain('(completed)');
    expect(s[1]!.text).toContain('(completed)');
    expect(s[2]!.text).toMatch(/^Out for delivery \(current step\)/);
    expect(s[3]!.text).toContain('(not yet)');
  });

  it('marks every step of a delivered order and the last as current', () => {
    const s = steps(order('delivered', { processed_at: at, out_for_delivery_at: at, delivered_at: at }));
    expect(s.map((x) => x.current)).toEqual([false, false, false, true]);
    expect(s.every((x) => !x.text.includes('not yet'))).toBe(true);
  });

  it('shows a cancelled order as cancelled, not as in progress', () => {
    const html = render(order('cancelled', { cancelled_at: at }));
    expect(html).toContain('This order was cancelled on November 21, 2026');
    const s = steps(order('cancelled', { cancelled_at: at }));
    expect(s.map((x) => x.text.split(' ')[0])).toEqual(['Order', 'Cancelled']);
    expect(s[1]!.current).toBe(true);
    expect(html).not.toContain('Out for delivery');
  });

  it('shows a delivery brought back as a failed trip, not as a step still to come', () => {
    const later = '2026-11-21T09:30:00.000Z';
    const o = order('undelivered', { processed_at: at, out_for_delivery_at: at, undelivered_at: later });
    const s = steps(o);
    expect(s.map((x) => x.current)).toEqual([false, false, true, false]);
    expect(s[2]!.text).toMatch(
      /^Out for delivery — we could not deliver it \(not delivered\) November 21, 2026 at 3:00 PM/,
    );
    expect(s.some((x) => x.text.startsWith('Out for delivery (not yet)'))).toBe(false);
    expect(textOf(render(o))).toContain('We could not deliver your order');
  });

  it('keeps the failed trip once rescheduled, with the new slot as the current step', () => {
    const later = '2026-11-21T09:30:00.000Z';
    const slot = {
      id: 's1',
      date: '2026-11-22',
      label: 'Sun 22 Nov, 7–9 am',
    } as unknown as TrackedOrder['delivery_slot'];
    const s = steps(
      order('processed', { processed_at: at, out_for_delivery_at: at, undelivered_at: later, delivery_slot: slot }),
    );
    expect(s.map((x) => x.text.replace(/^\d+ /, '').split(' (')[0])).toEqual([
      'Order placed',
      'Processed',
      'Out for delivery — we could not deliver it',
      'Rescheduled to Sun 22 Nov, 7–9 am',
      'Out for delivery',
      'Delivered',
    ]);
    expect(s.map((x) => x.current)).toEqual([false, false, false, true, false, false]);
    expect(s[1]!.text).not.toContain('In progress');
    // Delivered on the second trip: the failed one stays in the history.
    const done = steps(
      order('delivered', { processed_at: at, out_for_delivery_at: at, delivered_at: at, undelivered_at: later }),
    );
    expect(done.map((x) => x.current)).toEqual([false, false, false, false, false, true]);
    expect(done[3]!.text).toMatch(/^Rescheduled \(completed\)/);
  });

  it('marks what was returned or refunded of each line after delivery', () => {
    const base = order('delivered');
    const text = textOf(
      render({
        ...base,
        order_items: [
          {
            ...base.order_items[0]!,
            measure: 'kg',
            returns: [
              { kind: 'return', reason: 'damaged', qty: 1, amount: '72.00' },
              { kind: 'refund', reason: 'short_weight', qty: 0.5, amount: '36.00' },
            ],
          },
        ],
      }),
    );
    expect(text).toContain('Returned: 1 kg — ₹72.00 refunded (damaged)');
    expect(text).toContain('Refunded: 0.5 kg — ₹36.00 refunded (short weight)');
  });

  it('shows the items, the total and Cash on Delivery', () => {
    const html = render(order('placed'));
    expect(html).toContain('Nendran Banana');
    expect(html).toContain('Cash on Delivery');
    expect(html).toContain('₹190.00');
  });

  it('shows each refund to the payment method with where it stands, and not again as a plain line', () => {
    const cancelled = order('cancelled', {
      cancelled_at: at,
      payment_mode: 'Online',
      refund: [
        {
          to: 'original_payment',
          amount: '150.00',
          points: null,
          text: '₹150.00 to your original payment method within 5–7 working days',
        },
        { to: 'points', amount: null, points: 40, text: '40 points returned to your balance — available now' },
      ],
      refunds: [
        { id: 1, reason: 'packing', amount_paise: 4000, status: 'processed', created_at: at },
        { id: 2, reason: 'cancel', amount_paise: 15000, status: 'failed', created_at: at },
      ],
    });
    const text = textOf(render(cancelled));
    expect(text).toContain(
      '₹40.00 refund to your original payment method, for items picked lighter or substituted — processed',
    );
    expect(text).toContain(
      '₹150.00 refund to your original payment method, for the cancelled order — failed, we are retrying',
    );
    expect(text).toContain('40 points returned to your balance');
    expect(text).not.toContain('₹150.00 to your original payment method');
  });

  it('shows the delivery address, the slot and the shop’s help contact', () => {
    const slot = { id: 's1', zone: 'Central Thrissur', starts_at: at, ends_at: at, label: 'Sat 21 Nov, 7–9 AM' };
    const html = render(order('placed', { delivery_slot: slot }));
    const text = textOf(html);
    expect(text).toContain('Delivery address Asha Menon 12/4, Round North Thrissur 680001 +91 98765 43210');
    expect(text).toContain('Delivery slot Sat 21 Nov, 7–9 AM');
    expect(html).toContain('<h2 id="help-heading"');
    expect(html).toContain('href="tel:+914872420000"');
    expect(html).toContain('href="mailto:hello@farmfresh.example"');
  });

  it('names the rider with a Call link when the order has one', () => {
    const rider = { name: 'Biju Varghese', phone: '+919447000104' };
    const html = render(order('out_for_delivery', { processed_at: at, out_for_delivery_at: at }), rider);
    expect(textOf(html)).toContain('Biju Varghese is bringing your order.');
    expect(html).toMatch(/<a href="tel:\+919447000104"[^>]*>Call Biju Varghese<\/a>/);
    expect(render(order('out_for_delivery'))).not.toContain('is bringing your order');
  });

  it('offers the Cancel only while the order may be cancelled', () => {
    expect(textOf(render(order('placed', { cancellable: true }), null, 'Cancel'))).toContain('Cancel You can cancel');
    expect(textOf(render(order('placed', { cancellable: false }), null, 'Cancel'))).not.toContain('Cancel You can');
  });
});
