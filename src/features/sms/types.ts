/**
 * The shapes shared by the SMS feature's parts: the messages the shop sends (each a template
 * registered on the operators' DLT platform), one message ready to send, and a sender.
 * Every sender gets the registered template and its variables, not only the text: Indian
 * gateways deliver an application's SMS only with the DLT template id and a text that matches
 * the registered one, variables included (TRAI TCCCPR 2018).
 */

/** The messages the shop sends; each has a registered template per language. */
export const SMS_TEMPLATE_KEYS = [
  'sign_in_code',
  'order_confirmed',
  'order_out_for_delivery',
  'order_delivered',
  'order_cancelled',
  'payment_refunded',
  'phone_changed',
  'order_undelivered',
  'complaint_received',
] as const;
export type SmsTemplateKey = (typeof SMS_TEMPLATE_KEYS)[number];

/** The languages a message is registered in. */
export type SmsTemplateLanguage = 'en' | 'ml';

/** Most characters one `{#var#}` place may hold (the DLT platforms' limit). */
export const SMS_VARIABLE_MAX_CHARS = 30;

/** One message ready to send. */
export interface SmsMessage {
  key: SmsTemplateKey;
  language: SmsTemplateLanguage;
  /** The DLT template id the operators' platform gave for this message and language. */
  dltTemplateId: string;
  /** MSG91's own template id for it (its Flow API), when the shop's templates file gives one. */
  msg91TemplateId?: string;
  /** The registered text, with a `{#var#}` for each variable. */
  template: string;
  /** The variables in the order of their places, each named (MSG91's `##name##`), each ≤ 30 characters. */
  variables: { name: string; value: string }[];
  /** The registered text with the variables in place: what the customer reads. */
  text: string;
}

/** Sends one message; throws AppError('unavailable') when the gateway does not accept it. */
export interface SmsSender {
  readonly kind: 'console' | 'http' | 'exotel' | 'msg91';
  send(to: string, message: SmsMessage): Promise<void>;
}

/** What the Exotel sender needs (settings EXOTEL_*, SMS_DLT_ENTITY_ID, SMS_SENDER_ID). */
export interface ExotelOptions {
  /** EXOTEL_API_URL, e.g. https://api.in.exotel.com (or a simulator's address). */
  apiUrl: string;
  sid: string;
  apiKey: string;
  apiToken: string;
  /** SMS_DLT_ENTITY_ID. */
  dltEntityId: string;
  /** SMS_SENDER_ID: the registered header, sent as `From`. */
  senderId: string;
  /** Milliseconds before a send counts as failed. */
  timeoutMs?: number;
}

/** What the MSG91 sender needs (settings MSG91_*). */
export interface Msg91Options {
  /** MSG91_API_URL, e.g. https://control.msg91.com (or a simulator's address). */
  apiUrl: string;
  authKey: string;
  /** Milliseconds before a send counts as failed. */
  timeoutMs?: number;
}
