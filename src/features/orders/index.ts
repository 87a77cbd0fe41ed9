/**
 * The orders feature's server surface: what pages, scripts, the server and other features use of its server code.
 */
export { type InvoicedOrderCancelledListener, onInvoicedOrderCancelled } from './server/cancellation.ts';
export { type OrderConfirmedListener, onOrderConfirmed } from './server/confirmation.ts';
export { orderJson } from './server/order-json.ts';
export { placeOrder } from './server/place-order.ts';
export {
  confirmedOrders,
  getOrder,
  type OrderRow,
  type OrderStatus,
  pendingOnlineOrder,
  UNPAID_STATUSES,
} from './server/queries.ts';
export { pointsFor, quoteJson, quoteOrder } from './server/quote.ts';
export {
  advanceOrder,
  cancelOrderByShop,
  creditEarnedPoints,
  deliverLocked,
  orderSettlement,
  reopenDeliveryLocked,
  undeliverLocked,
} from './server/status.ts';
export { moveSubstitutedStock } from './server/stock-and-balances.ts';
export { LOGIN_REDIRECT_MS, loadTrackPage } from './server/track.ts';
