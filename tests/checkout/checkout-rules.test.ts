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
  checkoutTotals,
  type Figures,
  figuresStale,
  firstAddressId,
  initialCheckoutState,
} from '#features/checkout/islands/checkout-state.ts';
import { confirmationOf } from '#features/checkout/islands/order-success.ts';
import { belowMinimumReason, blockedReason } from '#features/checkout/islands/place-order-steps.ts';
import { creditChoice, paymentStatusText } from '#features/checkout/rules.ts';

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

  it('never opens on an address the shop does not deliver to while it delivers to another', () => {
    const delhi = (id: number, isDefault = false) => ({
      ...address(id, isDefault),
      po_box: '110001',
      deliverable: false,
    });
    // The default is outside every zone: the first address delivered to instead.
    expect(firstAddressId([delhi(1, true), delhi(2), address(3), address(4)], null)).toBe(3);
    // A default delivered to comes first.
    expect(firstAddressId([delhi(1), address(2), address(3, true)], null)).toBe(3);
    // One chosen before in this tab stays chosen while the shop delivers there.
    expect(firstAddressId([delhi(1, true), address(2), address(3)], 3)).toBe(3);
    expect(firstAddressId([delhi(1, true), address(2)], 1)).toBe(2);
    // None delivered to: the default (checkout says why it cannot deliver there), the chosen one kept.
    expect(firstAddressId([delhi(1), delhi(2, true)], null)).toBe(2);
    expect(firstAddressId([delhi(1), delhi(2, true)], 1)).toBe(1);
    expect(firstAddressId([], 1)).toBeNull();
    expect(
      checkoutReducer(initialCheckoutState, { type: 'loaded', addresses: [delhi(1, true), address(2)] }).selectedId,
    ).toBe(2);
  });

  it('keeps the chooser open when the address dialog closes after it reopened it', () => {
    let s: CheckoutState = checkoutReducer(loaded, { type: 'open', dialog: 'add-address' });
    expect(s.addAddressMounted).toBe(true);
    s = checkoutReducer(s, { type: 'open', dialog: 'select-address' });
    s = checkoutReducer(s, { type: 'close', dialog: 'add-address' });
    expect(s.dialog).toBe('select-address');
    expect(checkoutReducer(s, { type: 'close', dialog: 'select-address' }).dialog).toBeNull();
  });

  it('selects the address just added, and otherwise keeps the chosen one', () => {
    const added = checkoutReducer(loaded, {
      type: 'addresses',
      addresses: [address(1), address(2, true), address(3)],
      select: 3,
    });
    expect(added.selectedId).toBe(3);
    // A later reload of the list keeps it.
    expect(checkoutReducer(added, { type: 'addresses', addresses: added.addresses }).selectedId).toBe(3);
    const none = checkoutReducer(initialCheckoutState, { type: 'loaded', addresses: [] });
    expect(checkoutReducer(none, { type: 'addresses', addresses: [address(9)], select: 9 }).selectedId).toBe(9);
  });
});

/** checkout-summary's answer for one line of ₹45 to an address of Greater Thrissur (₹299 minimum). */
const greaterThrissur = {
  summary: {
    subtotal: '45.00',
    item_count: 1,
    discount: '0.00',
    promocode: null,
    points: '0',
    delivery_fee: '60.00',
    paid_amount: '105.00',
    cart_version: '0123456789abcdef',
  },
  items: [{ cart_id: 1, product_id: 7, name: 'Njalipoovan Banana', qty: 1, offer_price: 45, line_total: 45 }],
  points_balance: 0,
  credit_balance: '0.00',
  online_payment: false,
  delivery: {
    zone: 'Greater Thrissur',
    min_order: '299.00',
    min_order_remaining: '254.00',
    free_delivery_from: '799.00',
  },
} as unknown as Figures;

describe('the figures for the selected address', () => {
  const area = { names: ['Thrissur'], prefixes: ['680'] };
  const first = checkoutReducer(initialCheckoutState, { type: 'loaded', addresses: [], lines: [] });
  const withoutAddress = checkoutReducer(first, { type: 'figures', figures: greaterThrissur, addressId: null });

  it('are stale once a first address is selected after figures asked for without one, until its own arrive', () => {
    expect(figuresStale(withoutAddress)).toBe(false);
    const added = checkoutReducer(withoutAddress, { type: 'addresses', addresses: [address(4)], select: 4 });
    expect(figuresStale(added)).toBe(true);
    // Another zone's minimum is never told for this address, nor does it decide Place Order.
    expect(belowMinimumReason(added)).toBe('');
    const priced = checkoutReducer(added, { type: 'figures', figures: greaterThrissur, addressId: 4 });
    expect(figuresStale(priced)).toBe(false);
    expect(belowMinimumReason(priced)).toBe(
      'The minimum order for delivery to Greater Thrissur is ₹299.00. Please add ₹254.00 more to your cart.',
    );
    expect(blockedReason(priced, area)).toBe(belowMinimumReason(priced));
  });

  it('let the order be placed once the subtotal reaches the minimum', () => {
    const enough = {
      ...greaterThrissur,
      delivery: { ...greaterThrissur.delivery!, min_order_remaining: '0.00' },
    } as Figures;
    let s = checkoutReducer(withoutAddress, { type: 'addresses', addresses: [address(4)], select: 4 });
    s = checkoutReducer(s, { type: 'figures', figures: enough, addressId: 4 });
    expect(belowMinimumReason(s)).toBe('');
    expect(blockedReason(s, area)).toBeNull();
  });
});

describe('Pay using Credit', () => {
  it('is disabled, saying why, with no credit or less than the order; offered when the credit pays for it', () => {
    expect(creditChoice(0, 10_500)).toEqual({ usable: false, hint: 'No credit available' });
    expect(creditChoice(5_000, 10_500)).toEqual({
      usable: false,
      hint: 'Available credit: ₹50.00, not enough for this order',
    });
    expect(creditChoice(10_500, 10_500)).toEqual({ usable: true, hint: 'Available credit: ₹105.00' });
    // Before the figures arrive nothing is known to refuse.
    expect(creditChoice(0, null)).toEqual({ usable: true, hint: 'Available credit: ₹0.00' });
  });

  it('cannot be chosen with ₹0.00 of credit, and a choice made before stops once the credit no longer pays', () => {
    const empty = checkoutReducer(initialCheckoutState, { type: 'figures', figures: greaterThrissur, addressId: null });
    expect(checkoutTotals(empty).credit).toEqual({ usable: false, hint: 'No credit available' });
    expect(checkoutReducer(empty, { type: 'method', method: 'credit' }).method).toBeNull();
    expect(checkoutReducer(empty, { type: 'method', method: 'cod' }).method).toBe('cod');

    const rich = { ...greaterThrissur, credit_balance: '1000.00' } as Figures;
    let s = checkoutReducer(initialCheckoutState, { type: 'figures', figures: rich, addressId: null });
    s = checkoutReducer(s, { type: 'method', method: 'credit' });
    expect(s.method).toBe('credit');
    const spent = { ...rich, credit_balance: '100.00' } as Figures;
    expect(checkoutReducer(s, { type: 'figures', figures: spent, addressId: null }).method).toBeNull();
  });
});

describe('the Order Confirmed screen', () => {
  const placed = {
    id: 42,
    paid_amount: '175.00',
    payment_status: 'unpaid',
    delivery_slot: { label: 'Sun 6 Dec, 9–11 AM' },
    invoice_url: '/api/customer/orders/42/invoice',
    order_items: [{ qty: 2 }, { qty: 1 }],
  } as unknown as Parameters<typeof confirmationOf>[0];

  it('counts units, not lines, and says where the payment stands for each method', () => {
    expect(confirmationOf(placed, 'cod')).toEqual({
      orderId: 42,
      itemCount: 3,
      paidPaise: 17500,
      label: 'Cash on Delivery',
      paymentStatus: 'Pay in cash on delivery',
      slot: 'Sun 6 Dec, 9–11 AM',
      invoiceUrl: '/api/customer/orders/42/invoice',
    });
    expect(paymentStatusText('card', 'unpaid')).toBe('Pay by card on delivery');
    expect(paymentStatusText('credit', 'unpaid')).toBe('Paid from your credit');
    expect(paymentStatusText('online', 'paid')).toBe('Paid');
  });
});
