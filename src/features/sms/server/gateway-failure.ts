/**
 * What the Exotel and MSG91 senders do when a gateway does not take a message: the error they
 * throw (AppError 'unavailable' with this text) and a log-safe form of the gateway's own error text.
 */

/** The text of the AppError('unavailable') a sender throws when its gateway does not take a message. */
export const SMS_NOT_SENT_MESSAGE = 'We could not send the SMS right now. Please try again in a minute.';

/** A gateway's error text for the log, with runs of 4 or more digits hidden (it may quote a code or a number). */
export function gatewayErrorForLog(text: unknown): string | undefined {
  if (typeof text !== 'string' || !text) return undefined;
  return text.slice(0, 300).replace(/\d{4,}/g, '••••');
}
