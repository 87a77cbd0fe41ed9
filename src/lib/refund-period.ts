/**
 * How long a refund to an online payment (UPI, card, net banking, wallet) takes to reach the
 * customer once the shop has sent it: the one period every page, status line and message states.
 * Browser-safe. Refunds to FarmFresh credit and points are instant and do not use it.
 */

/** Working days, from and to, that a refund to the original payment method takes. */
export const REFUND_WORKING_DAYS = { from: 5, to: 7 } as const;

/** The refund period as customers read it: "5–7 working days". */
export const REFUND_PERIOD = `${REFUND_WORKING_DAYS.from}–${REFUND_WORKING_DAYS.to} working days`;
