/**
 * Delivery fee policy (docs/orders-and-payments.md#delivery-fee; one per delivery zone, see
 * src/features/delivery): free from a threshold, else a fee, and a minimum order. Amounts in
 * paise. The server computes every figure; the browser only displays what the API returns.
 */
export interface DeliveryPolicy {
  /** Subtotal (paise) from which delivery is free. */
  freeFromPaise: number;
  /** Fee (paise) below that. */
  feePaise: number;
  /** Smallest subtotal (paise) the shop delivers; 0 or absent: none. */
  minOrderPaise?: number;
  /**
   * The zone these figures are for while the customer's zone is not known yet (no address, no
   * PIN code): the first zone's, an estimate. Absent when they are the customer's zone's.
   */
  estimateZone?: string;
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

/**
 * How much more reaches the minimum order (0 when reached, none is set or the cart is empty).
 * @example minOrderRemainingPaise(20000, { freeFromPaise: 79900, feePaise: 6000, minOrderPaise: 29900 }) // 9900
 */
export function minOrderRemainingPaise(subtotalPaise: number, policy: DeliveryPolicy): number {
  if (subtotalPaise <= 0) return 0;
  return Math.max(0, (policy.minOrderPaise ?? 0) - subtotalPaise);
}
