/**
 * Razorpay's two signatures, as it documents them: HMAC-SHA256 in lowercase hex of
 * `order_id|payment_id` with the key secret (the checkout callback), and of the webhook's raw
 * body with the webhook secret (`X-Razorpay-Signature`). Checked in constant time; the simulator
 * signs with the same functions.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of `message` under `secret`, lowercase hex. */
export function hmacSha256Hex(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message, 'utf8').digest('hex');
}

/** The checkout callback's signature of a payment of a gateway order. */
export function checkoutSignature(keySecret: string, orderId: string, paymentId: string): string {
  return hmacSha256Hex(keySecret, `${orderId}|${paymentId}`);
}

/** True when `given` equals `expected` (both hex), compared in constant time. */
export function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
