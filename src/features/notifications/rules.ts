/**
 * Order status SMS, in English or Malayalam as the customer chose in My Account: the languages,
 * the events that send one and the registered template of each (its text lives in the SMS
 * feature's templates file). Shared by the server (sending) and the account island (the
 * language choice).
 */

/** The SMS languages a customer can choose (stored on the customer as `sms_language`). */
export const SMS_LANGUAGE_OPTIONS = [
  { value: 'en', label: 'English' },
  { value: 'ml', label: 'മലയാളം (Malayalam)' },
] as const;
export type SmsLanguage = (typeof SMS_LANGUAGE_OPTIONS)[number]['value'];

/** The order events that send an SMS. */
export type OrderSmsEvent =
  | 'confirmed'
  | 'out_for_delivery'
  | 'delivered'
  | 'cancelled'
  | 'payment_refunded'
  | 'undelivered'
  | 'complaint_received';

/**
 * The registered SMS template (the SMS feature's templates file) of each order event; its one
 * variable is the order number (complaint_received: the complaint's ticket number).
 */
export const ORDER_SMS_TEMPLATES = {
  confirmed: 'order_confirmed',
  out_for_delivery: 'order_out_for_delivery',
  delivered: 'order_delivered',
  cancelled: 'order_cancelled',
  payment_refunded: 'payment_refunded',
  undelivered: 'order_undelivered',
  complaint_received: 'complaint_received',
} as const satisfies Record<OrderSmsEvent, string>;
