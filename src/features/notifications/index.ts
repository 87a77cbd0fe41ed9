/**
 * The notifications feature's server surface: what pages, scripts, the server and other features use of its server code.
 */
export {
  dispatchOrderSms,
  type OrderSmsStatus,
  orderSmsForStaff,
  orderSmsJob,
  orderSmsQueued,
  queueComplaintSms,
  queueOrderSms,
  smsOverdue,
} from './server/order-sms.ts';
