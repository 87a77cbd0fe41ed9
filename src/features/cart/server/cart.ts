/**
 * The customer's cart (docs/storefront-rules.md#cart). Every query is scoped by
 * the session's customer: another customer's cart id is simply not found (404).
 * Quantities are never below 1 (422) nor above the product's stock (409 with how many are left).
 */
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { defaultZone } from '#features/delivery/index.ts';
import {
  type DeliveryPolicy,
  deliveryFeePaise,
  freeDeliveryRemainingPaise,
  minOrderRemainingPaise,
} from '#features/delivery/rules.ts';
import { getConfig } from '#lib/config.ts';
import type { Database } from '#lib/db/index.ts';
import { cartItems, products } from '#lib/db/schema.ts';
import { AppError, notFound } from '#lib/http/envelope.ts';
import { imageUrl, thumbnailUrl } from '#lib/images.ts';
import {
  CART_MESSAGES,
  type CartLine,
  type CartTotals,
  isAddableQty,
  MIN_LINE_QTY,
  noLongerAvailableMessage,
  onlyLeftMessage,
  outOfStockMessage,
} from '../rules.ts';

/** A cart line with its product's current price and stock (rules.ts). */
export type { CartLine };
/** The cart's totals (rules.ts `CartTotals`). */
export type CartSummary = CartTotals;

/** The delivery policy before a PIN code is known: the first delivery zone's (src/features/delivery). */
export function deliveryPolicy(): DeliveryPolicy {
  const zone = defaultZone();
  return { freeFromPaise: zone.freeFromPaise, feePaise: zone.feePaise, minOrderPaise: zone.minOrderPaise };
}

/** Totals of a list of lines: item count (units), subtotal, delivery fee, total. */
export function summarize(lines: Pick<CartLine, 'qty' | 'lineTotalPaise'>[], policy = deliveryPolicy()): CartSummary {
  const subtotal = lines.reduce((s, l) => s + l.lineTotalPaise, 0);
  const fee = deliveryFeePaise(subtotal, policy);
  return {
    itemCount: lines.reduce((n, l) => n + l.qty, 0),
    subtotalPaise: subtotal,
    deliveryFeePaise: fee,
    totalPaise: subtotal + fee,
    freeDeliveryFromPaise: policy.freeFromPaise,
    freeDeliveryRemainingPaise: freeDeliveryRemainingPaise(subtotal, policy),
    minOrderPaise: policy.minOrderPaise ?? 0,
    minOrderRemainingPaise: minOrderRemainingPaise(subtotal, policy),
    deliveryEstimateZone: policy.estimateZone ?? null,
  };
}

/**
 * The condition a product meets while it is on sale, as SQL over the products table. The catalog
 * feature owns the rule (its `onSale`: the product active and not archived, its category and
 * subcategory active) and the server's wiring registers it here, since the catalog feature builds
 * on the cart and the cart cannot import it. Until then: the product's own switches.
 */
let onSaleCondition: () => SQL = () => and(eq(products.isActive, true), isNull(products.archivedAt))!;

/** Registers the catalog's on-sale condition (src/server/wiring.ts). */
export function registerOnSale(condition: () => SQL): void {
  onSaleCondition = condition;
}

/** `true` while the row's product is on sale (see onSaleCondition). */
const productOnSale = () => sql<boolean>`(${onSaleCondition()})`;

const outOfStock = (name: string) => new AppError('conflict', outOfStockMessage(name));
const noLongerAvailable = (name: string) => new AppError('conflict', noLongerAvailableMessage(name));
const onlyLeft = (name: string, stock: number) =>
  new AppError('conflict', onlyLeftMessage(name, stock), { data: { stock } });

/** The customer's cart lines, oldest first. */
export async function listCart(db: Database, customerId: number): Promise<CartLine[]> {
  const media = getConfig().MEDIA_BASE_URL || '/media';
  const rows = await db
    .select({
      cartId: cartItems.id,
      productId: products.id,
      name: products.name,
      images: products.images,
      qty: cartItems.qty,
      pricePaise: products.pricePaise,
      mrpPaise: products.mrpPaise,
      stock: products.stock,
      weight: products.weight,
      weightUnit: products.weightUnit,
      substitution: cartItems.substitution,
      available: productOnSale(),
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.customerId, customerId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  return rows.map((r) => ({
    cartId: r.cartId,
    productId: r.productId,
    name: r.name,
    // A cart line shows its photo in a 56 px box: the smallest rendition serves every screen.
    image: thumbnailUrl(imageUrl(r.images?.[0], media)),
    qty: r.qty,
    pricePaise: r.pricePaise,
    mrpPaise: r.mrpPaise,
    stock: r.stock,
    weight: r.weight === null ? null : Number(r.weight),
    unit: r.weightUnit,
    lineTotalPaise: r.pricePaise * r.qty,
    substitution: r.substitution,
    available: Boolean(r.available),
  }));
}

/**
 * Adds `qty` of a product (merging with an existing line). 404 for an unknown product, 409 when
 * it is out of stock or the cart would hold more than the stock.
 */
export async function addToCart(db: Database, customerId: number, productId: number, qty: number): Promise<void> {
  if (!isAddableQty(qty)) throw new AppError('bad_request', CART_MESSAGES.badQuantity);
  await db.transaction(async (tx) => {
    const [product] = await tx
      .select({
        name: products.name,
        stock: products.stock,
        onSale: productOnSale(),
      })
      .from(products)
      .where(eq(products.id, productId));
    // A product off sale (switched off, archived, or in a deactivated category) is as a missing one.
    if (!product?.onSale) throw notFound(CART_MESSAGES.productNotFound);
    if (product.stock <= 0) throw outOfStock(product.name);
    const [line] = await tx
      .select({ id: cartItems.id, qty: cartItems.qty })
      .from(cartItems)
      .where(and(eq(cartItems.customerId, customerId), eq(cartItems.productId, productId)));
    const next = (line?.qty ?? 0) + qty;
    if (next > product.stock) throw onlyLeft(product.name, product.stock);
    await tx
      .insert(cartItems)
      .values({ customerId, productId, qty })
      .onConflictDoUpdate({
        target: [cartItems.customerId, cartItems.productId],
        set: { qty: sql`${cartItems.qty} + ${qty}`, updatedAt: new Date() },
      });
  });
}

/** Changes a line's quantity by +1 or −1. 404 for a line the customer does not own. */
export async function stepQuantity(db: Database, customerId: number, cartId: number, delta: 1 | -1): Promise<void> {
  await db.transaction(async (tx) => {
    const [line] = await tx
      .select({ qty: cartItems.qty, stock: products.stock, name: products.name, onSale: productOnSale() })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(and(eq(cartItems.id, cartId), eq(cartItems.customerId, customerId)));
    if (!line) throw notFound(CART_MESSAGES.qtyFailed);
    if (delta > 0 && !line.onSale) throw noLongerAvailable(line.name);
    const next = line.qty + delta;
    if (next < MIN_LINE_QTY) throw new AppError('unprocessable', CART_MESSAGES.belowOne);
    if (delta > 0 && next > line.stock) throw line.stock <= 0 ? outOfStock(line.name) : onlyLeft(line.name, line.stock);
    await tx
      .update(cartItems)
      .set({ qty: next })
      .where(and(eq(cartItems.id, cartId), eq(cartItems.customerId, customerId)));
  });
}

/**
 * Sets a line's quantity to `qty` (1 to 999): the final figure of several quick taps in one
 * request. 404 for a line the customer does not own; 409 when the stock is short (a lower
 * quantity is always accepted, so a customer can step down from an over-stock line).
 */
export async function setQuantity(db: Database, customerId: number, cartId: number, qty: number): Promise<void> {
  if (!isAddableQty(qty)) throw new AppError('bad_request', CART_MESSAGES.badQuantity);
  await db.transaction(async (tx) => {
    const [line] = await tx
      .select({ qty: cartItems.qty, stock: products.stock, name: products.name, onSale: productOnSale() })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(and(eq(cartItems.id, cartId), eq(cartItems.customerId, customerId)));
    if (!line) throw notFound(CART_MESSAGES.qtyFailed);
    if (qty > line.qty && !line.onSale) throw noLongerAvailable(line.name);
    if (qty > line.qty && qty > line.stock)
      throw line.stock <= 0 ? outOfStock(line.name) : onlyLeft(line.name, line.stock);
    await tx
      .update(cartItems)
      .set({ qty, updatedAt: new Date() })
      .where(and(eq(cartItems.id, cartId), eq(cartItems.customerId, customerId)));
  });
}

/** Removes a line. 404 for a line the customer does not own. */
export async function removeLine(db: Database, customerId: number, cartId: number): Promise<void> {
  const deleted = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, cartId), eq(cartItems.customerId, customerId)))
    .returning({ id: cartItems.id });
  if (deleted.length === 0) throw notFound(CART_MESSAGES.lineNotFound);
}

/** Empties the customer's cart. */
export async function clearCart(db: Database, customerId: number): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.customerId, customerId));
}
