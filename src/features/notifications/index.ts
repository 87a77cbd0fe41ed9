/**
 * The notifications feature's server surface: what pages, scripts, the server and other features use of its server code.
 */
export { notifyOrderStatus, settleOrderSms } from './server/order-sms.ts';
