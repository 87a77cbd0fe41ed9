/** JSON of the cart API (the cart item fields its clients read; rupees with 2 decimals). */

import { paiseToRupees } from '#lib/money.ts';
import type { CartLine, CartSummary } from './cart.ts';

/**
 * A cart line with every name the spec's clients read (cart_id/id, product_name, qty,
 * offer_price…); contract.ts `cartLineSchema`.
 */
export function cartLineJson(l: CartLine) {
  return {
    cart_id: l.cartId,
    id: l.cartId,
    product_id: l.productId,
    product_name: l.name,
    name: l.name,
    product_image: l.image,
    qty: l.qty,
    price: paiseToRupees(l.mrpPaise),
    offer_price: paiseToRupees(l.pricePaise),
    stock: l.stock,
    weight: l.weight,
    unit: l.unit,
    line_total: paiseToRupees(l.lineTotalPaise),
    substitution: l.substitution,
    available: l.available,
  };
}

/** Cart totals. */
export function cartSummaryJson(s: CartSummary) {
  return {
    item_count: s.itemCount,
    subtotal: paiseToRupees(s.subtotalPaise),
    delivery_fee: paiseToRupees(s.deliveryFeePaise),
    total: paiseToRupees(s.totalPaise),
    free_delivery_from: paiseToRupees(s.freeDeliveryFromPaise),
    free_delivery_remaining: paiseToRupees(s.freeDeliveryRemainingPaise),
    min_order: paiseToRupees(s.minOrderPaise),
    min_order_remaining: paiseToRupees(s.minOrderRemainingPaise),
    delivery_estimate_zone: s.deliveryEstimateZone,
  };
}
