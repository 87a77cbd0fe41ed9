/**
 * Order status SMS texts, in English and Malayalam as the customer
 * chose in My Account: short, with the order number and the new status. Shared by the server
 * (sending) and the account island (the language choice).
 */

import { REFUND_PERIOD, REFUND_WORKING_DAYS } from '#lib/refund-period.ts';

/** The SMS languages a customer can choose (stored on the customer as `sms_language`). */
export const SMS_LANGUAGE_OPTIONS = [
  { value: 'en', label: 'English' },
  { value: 'ml', label: 'മലയാളം (Malayalam)' },
] as const;
export type SmsLanguage = (typeof SMS_LANGUAGE_OPTIONS)[number]['value'];

/** The order events that send an SMS. */
export type OrderSmsEvent = 'confirmed' | 'out_for_delivery' | 'delivered' | 'cancelled' | 'payment_refunded';

const TEXTS: Record<SmsLanguage, Record<OrderSmsEvent, (shop: string, order: number) => string>> = {
  en: {
    confirmed: (shop, n) => `${shop}: Your order #${n} is confirmed. We will SMS you when it is out for delivery.`,
    out_for_delivery: (shop, n) => `${shop}: Your order #${n} is out for delivery and will reach you soon.`,
    delivered: (shop, n) => `${shop}: Your order #${n} has been delivered. Thank you for shopping with us!`,
    cancelled: (shop, n) => `${shop}: Your order #${n} has been cancelled. Any refund is shown under My Orders.`,
    payment_refunded: (shop, n) =>
      `${shop}: Your payment for order #${n} arrived after the order was released, so it was not placed. The payment is being refunded to your original payment method (${REFUND_PERIOD}).`,
  },
  ml: {
    confirmed: (shop, n) => `${shop}: നിങ്ങളുടെ ഓർഡർ #${n} സ്ഥിരീകരിച്ചു. ഡെലിവറിക്ക് പുറപ്പെടുമ്പോൾ SMS അയയ്ക്കും.`,
    out_for_delivery: (shop, n) => `${shop}: നിങ്ങളുടെ ഓർഡർ #${n} ഡെലിവറിക്കായി പുറപ്പെട്ടു. ഉടൻ എത്തും.`,
    delivered: (shop, n) => `${shop}: നിങ്ങളുടെ ഓർഡർ #${n} ഡെലിവർ ചെയ്തു. ഞങ്ങളോടൊപ്പം ഷോപ്പ് ചെയ്തതിന് നന്ദി!`,
    cancelled: (shop, n) => `${shop}: നിങ്ങളുടെ ഓർഡർ #${n} റദ്ദാക്കി. റീഫണ്ട് വിവരങ്ങൾ My Orders-ൽ കാണാം.`,
    payment_refunded: (shop, n) =>
      `${shop}: ഓർഡർ #${n} റദ്ദായതിനു ശേഷമാണ് നിങ്ങളുടെ പേയ്മെന്റ് എത്തിയത്. തുക നിങ്ങളുടെ പേയ്മെന്റ് രീതിയിലേക്ക് റീഫണ്ട് ചെയ്യുന്നു (${REFUND_WORKING_DAYS.from}–${REFUND_WORKING_DAYS.to} പ്രവൃത്തി ദിവസം).`,
  },
};

/**
 * The SMS for `event` of order `orderId` in `language`, e.g. ("en", "delivered", 42, "FarmFresh") →
 * "FarmFresh: Your order #42 has been delivered. …".
 */
export function orderSmsText(language: SmsLanguage, event: OrderSmsEvent, orderId: number, shopName: string): string {
  return TEXTS[language][event](shopName, orderId);
}
