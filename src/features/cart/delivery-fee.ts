/**
 * Delivery fee policy (spec 001 §9, the shop's policy): free from ₹499, else ₹40. Amounts in
 * paise. The server computes every figure; the browser only displays what the API returns.
 */
export interface DeliveryPolicy {
  /** Subtotal (paise) from which delivery is free. */
  freeFromPaise: number;
  /** Fee (paise) below that. */
  feePaise: number;
}

/**
 * The delivery fee for a subtotal: nothing for an empty cart or from the threshold.
 * @example deliveryFeePaise(45000, { freeFromPaise: 49900, feePaise: 4000 }) // 4000
 */
export function deliveryFeePaise(subtotalPaise: number, policy: DeliveryPolicy): number {
  if (subtotalPaise <= 0) return 0;
  return subtotalPaise >= policy.freeFromPaise ? 0 : policy.feePaise;
}

/**
 * How much more buys free delivery (0 when already free or the cart is empty).
 * @example freeDeliveryRemainingPaise(45000, { freeFromPaise: 49900, feePaise: 4000 }) // 4900
 */
export function freeDeliveryRemainingPaise(subtotalPaise: number, policy: DeliveryPolicy): number {
  if (subtotalPaise <= 0) return 0;
  return Math.max(0, policy.freeFromPaise - subtotalPaise);
}
