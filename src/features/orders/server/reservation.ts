/**
 * What an order takes and gives back (docs/orders-and-payments.md#stock-money-and-concurrency).
 * `reserveOrder` runs
 * inside place-order's transaction, after the cart rows are locked: it checks the address, the
 * delivery area and the slot, re-quotes the cart, refuses a line whose product is off sale (409),
 * compares the client's figures (409 with the
 * server's figures when they differ), writes the order and its lines, spends points, debits
 * credit for a Credit order and consumes the cart; then, last, takes what other orders wait on:
 * the stock (checked under the products' row locks, so no oversell across processes), the promo
 * use, the slot's place and (confirmed at once) the invoice number. The taking, and
 * `restoreReservation` that gives all of it back, are in stock-and-balances.ts.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { type Address, getAddress, servedPrefixes } from '#features/addresses/index.ts';
import { cartLineJson } from '#features/cart/index.ts';
import { DEFAULT_SUBSTITUTION, noneAvailableMessage, type Substitution } from '#features/cart/rules.ts';
import { onSale } from '#features/catalog/index.ts';
import { type OrderDelivery, orderDelivery } from '#features/delivery/index.ts';
import type { Transaction } from '#lib/db/index.ts';
import { cartItems, orders, products } from '#lib/db/schema.ts';
import { AppError, notFound } from '#lib/http/envelope.ts';
import { formatPaise } from '#lib/money.ts';
import type { PaymentMode } from '../rules.ts';
import { orderConfirmed } from './confirmation.ts';
import { pointsFor, quoteJson, quoteOrder } from './quote.ts';
import { takeBalances, takePromoUse, takeStock, writeOrderLines } from './stock-and-balances.ts';

/** What the client sends to place an order (already parsed); money in paise. */
export interface PlaceOrderInput {
  addressId: number;
  paymentMode: PaymentMode;
  /** The client's idea of the amount to pay (paise); must equal the server's. */
  paidAmountPaise: number;
  /** The client's idea of the discount (paise), when it sends one; must equal the server's. */
  discountPaise?: number;
  promoCode?: string;
  customerNote?: string;
  /** Points to redeem (1 point = ₹1). */
  points: number;
  idempotencyKey?: string;
  /**
   * The cart version the checkout page showed (quote's cart_version); when sent, it must still hold
   * (409 otherwise).
   */
  cartVersion?: string;
  /** If an item is out of stock, for lines without their own choice; DEFAULT_SUBSTITUTION when not sent. */
  substitution?: Substitution;
  /** The delivery slot chosen (slots list id); absent: the earliest open slot with room. */
  deliverySlot?: string;
}

/** 409 when the cart changed (another tab, another device) after the checkout page showed it. */
export const CART_CHANGED =
  'Your cart has changed since this page was loaded. Please review the updated items and total, then place your order again.';

/** The request's figures and choices that the reservation checks and records. */
export interface ReservationRequest extends PlaceOrderInput {
  /** Hash of the request, stored with the idempotency key. */
  requestHash: string;
  /** Online orders start pending_payment (payment `pending`) until the gateway's charge settles. */
  awaitsPayment: boolean;
}

/** The customer's address for the order and its delivery zone: 404 when it is not theirs, 422 outside every zone. */
async function deliveryAddress(
  tx: Transaction,
  customerId: number,
  addressId: number,
): Promise<{ address: Address; delivery: OrderDelivery }> {
  let address: Address;
  try {
    address = await getAddress(tx, customerId, addressId);
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') throw notFound('Please select a delivery address.');
    throw err;
  }
  const delivery = orderDelivery(address.poBox);
  if (!delivery) {
    const served = servedPrefixes();
    throw new AppError(
      'unprocessable',
      `Sorry, we do not deliver to ${address.poBox} yet. We deliver in ${served.names.join(', ') || 'our delivery area'} (PIN codes ${served.prefixes.map((p) => p.padEnd(6, 'x')).join(', ')}).`,
    );
  }
  return { address, delivery };
}

/**
 * 409 naming every line whose product is no longer on sale (the catalog's `onSale`: archived,
 * switched off, or its category or subcategory deactivated after it went into the cart), in cart
 * order, with `data.product_id` (the first) and `data.product_ids` (all); nothing is written, and
 * the lines stay in the cart for the customer to remove.
 */
async function refuseOffSale(tx: Transaction, lines: Awaited<ReturnType<typeof quoteOrder>>['lines']): Promise<void> {
  const ids = lines.map((l) => l.productId);
  const offered = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, ids), onSale()));
  const onSaleIds = new Set(offered.map((p) => p.id));
  const gone = lines.filter((l) => !onSaleIds.has(l.productId));
  if (gone.length > 0)
    throw new AppError('conflict', noneAvailableMessage(gone.map((l) => l.name)), {
      data: { product_id: gone[0]!.productId, product_ids: gone.map((l) => l.productId) },
    });
}

/**
 * 409 with the server's figures when the cart the checkout page showed has changed, or when the
 * client's amount to pay or discount differs from the server's quote.
 */
function checkClientFigures(req: ReservationRequest, quote: Awaited<ReturnType<typeof quoteOrder>>): void {
  if (req.cartVersion !== undefined && req.cartVersion !== quote.cartVersion) {
    throw new AppError('conflict', CART_CHANGED, {
      data: { ...quoteJson(quote), items: quote.lines.map(cartLineJson) },
    });
  }
  const discountDiffers = req.discountPaise !== undefined && req.discountPaise !== quote.discountPaise;
  if (req.paidAmountPaise !== quote.paidAmountPaise || discountDiffers) {
    throw new AppError(
      'conflict',
      `Prices have changed. The amount to pay is now ${formatPaise(quote.paidAmountPaise)}. Please review your order.`,
      {
        data: quoteJson(quote),
      },
    );
  }
}

/**
 * Writes the order for the customer's (locked) cart and takes what it consumes; returns its id
 * and the amount to charge (paise). Errors: see the module comment; any error rolls back `tx`.
 */
export async function reserveOrder(
  tx: Transaction,
  customerId: number,
  req: ReservationRequest,
): Promise<{ id: number; amountPaise: number }> {
  const { address, delivery } = await deliveryAddress(tx, customerId, req.addressId);
  const quote = await quoteOrder(tx, customerId, {
    promoCode: req.promoCode,
    points: req.points,
    policy: delivery.policy,
  });
  await refuseOffSale(tx, quote.lines);
  delivery.checkMinimum(quote.subtotalPaise);
  checkClientFigures(req, quote);
  const slot = await delivery.chooseSlot(tx, req.deliverySlot);
  const [order] = await tx
    .insert(orders)
    .values({
      ...slot.columns,
      customerId,
      addressId: address.id,
      addressSnapshot: {
        name: address.name,
        mobile: address.mobile,
        building_num: address.buildingNum,
        street: address.street,
        landmark: address.landmark,
        city: address.city,
        po_box: address.poBox,
        latitude: address.latitude,
        longitude: address.longitude,
      },
      status: req.awaitsPayment ? 'pending_payment' : 'placed',
      paymentMode: req.paymentMode,
      paymentStatus: req.awaitsPayment ? 'pending' : 'unpaid',
      subtotalPaise: quote.subtotalPaise,
      discountPaise: quote.discountPaise,
      pointsRedeemed: quote.pointsRedeemed,
      deliveryFeePaise: quote.deliveryFeePaise,
      paidAmountPaise: quote.paidAmountPaise,
      promoCodeId: quote.promo?.id ?? null,
      promoCode: quote.promo?.code ?? null,
      customerNote: req.customerNote?.trim() || null,
      substitution: req.substitution ?? DEFAULT_SUBSTITUTION,
      pointsEarned: pointsFor(quote.paidAmountPaise),
      idempotencyKey: req.idempotencyKey ?? null,
      requestHash: req.idempotencyKey ? req.requestHash : null,
    })
    .returning({ id: orders.id });
  const id = order!.id;
  const substitution = req.substitution ?? DEFAULT_SUBSTITUTION;
  // First what locks only this customer's rows or new ones, then the rows every order shares,
  // each held from here until the commit, always in this order: stock (product-id order), the
  // promo code's uses, the slot's places, the invoice counter.
  await writeOrderLines(tx, id, quote.lines, substitution);
  await takeBalances(tx, customerId, id, quote, req.paymentMode);
  await tx.delete(cartItems).where(eq(cartItems.customerId, customerId));
  await takeStock(tx, quote.lines);
  await takePromoUse(tx, quote);
  const taken = await delivery.takeSlot(tx, slot);
  // No slot was chosen and the earliest one filled up meanwhile: the order records the one it got.
  if (taken.deliverySlotId !== slot.columns.deliverySlotId) await tx.update(orders).set(taken).where(eq(orders.id, id));
  // Confirmed now unless it waits for its online payment (then the payments feature confirms it):
  // the invoice counter, the row every confirmation shares, last.
  if (!req.awaitsPayment) await orderConfirmed(tx, id);
  return { id, amountPaise: quote.paidAmountPaise };
}
