/**
 * The checkout's contract and state rules (docs/orders-and-payments.md#placing-an-order): what
 * place-order and checkout-summary accept, and how the checkout's dialogs and address choice
 * move. Pure: no server, no browser.
 */
import { describe, expect, it } from 'vitest';
import { checkoutSummaryRoute, placeOrderBodySchema } from '#features/checkout/contract.ts';
import type { AddressJson } from '#features/checkout/islands/checkout-shared.ts';
import {
  type CheckoutState,
  checkoutReducer,
  initialCheckoutState,
} from '#features/checkout/islands/checkout-state.ts';

const order = { address_id: '3', payment_mode: 'cod', paid_amount: '120.50', points: '0' };
const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('the place-order payload', () => {
  it('maps the payment modes of the spec and reads ids and points as numbers', () => {
    expect(placeOrderBodySchema.parse(order)).toMatchObject({
      address_id: 3,
      payment_mode: 'Cash',
      paid_amount: '120.50',
      points: 0,
    });
    expect(placeOrderBodySchema.parse({ ...order, payment_mode: ' Card ' }).payment_mode).toBe('Card');
    expect(placeOrderBodySchema.parse({ ...order, payment_mode: 'credit', points: 12 })).toMatchObject({
      payment_mode: 'Credit',
      points: 12,
    });
  });

  it('refuses names that only exist on every object, with the spec message', () => {
    for (const payment_mode of ['constructor', '__proto__', 'hasownproperty', 'paypal']) {
      expect(messageOf(placeOrderBodySchema.safeParse({ ...order, payment_mode }))).toBe(
        'Please select a payment method to continue with your order.',
      );
    }
  });

  it('asks for a delivery address when the id is missing, zero or not a number', () => {
    for (const address_id of [undefined, '0', 'abc', -4]) {
      expect(messageOf(placeOrderBodySchema.safeParse({ ...order, address_id }))).toBe(
        'Please select a delivery address.',
      );
    }
  });
});

describe('the checkout-summary query', () => {
  it('takes no points as 0 and refuses anything but a whole number', () => {
    expect(checkoutSummaryRoute.query.parse({})).toEqual({ promocode: undefined, points: 0 });
    expect(checkoutSummaryRoute.query.parse({ promocode: ' FRESH5 ', points: '25' })).toEqual({
      promocode: 'FRESH5',
      points: 25,
    });
    expect(messageOf(checkoutSummaryRoute.query.safeParse({ points: '2.5' }))).toBe('points must be a whole number.');
  });
});

const address = (id: number, is_default = false): AddressJson => ({
  id,
  name: `A${id}`,
  mobile: '+919876543210',
  building_num: '1',
  street: 'Round North',
  landmark: null,
  city: 'Thrissur',
  po_box: '680001',
  latitude: null,
  longitude: null,
  is_default,
  deliverable: true,
});

describe('the checkout state', () => {
  const loaded = checkoutReducer(initialCheckoutState, {
    type: 'loaded',
    addresses: [address(1), address(2, true)],
    lines: [],
  });

  it('selects the default address, else the first', () => {
    expect(loaded.selectedId).toBe(2);
    expect(
      checkoutReducer(initialCheckoutState, { type: 'loaded', addresses: [address(5), address(6)] }).selectedId,
    ).toBe(5);
  });

  it('keeps the chooser open when the address dialog closes after it reopened it', () => {
    let s: CheckoutState = checkoutReducer(loaded, { type: 'open', dialog: 'add-address' });
    expect(s.addAddressMounted).toBe(true);
    s = checkoutReducer(s, { type: 'open', dialog: 'select-address' });
    s = checkoutReducer(s, { type: 'close', dialog: 'add-address' });
    expect(s.dialog).toBe('select-address');
    expect(checkoutReducer(s, { type: 'close', dialog: 'select-address' }).dialog).toBeNull();
  });

  it('keeps a chosen address that is still listed, and otherwise selects the one just added', () => {
    expect(
      checkoutReducer(loaded, { type: 'addresses', addresses: [address(1), address(2, true), address(3)], select: 3 })
        .selectedId,
    ).toBe(2);
    const none = checkoutReducer(initialCheckoutState, { type: 'loaded', addresses: [] });
    expect(checkoutReducer(none, { type: 'addresses', addresses: [address(9)], select: 9 }).selectedId).toBe(9);
  });
});
