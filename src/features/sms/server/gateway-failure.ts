/**
 * What the senders do when a gateway does not take a message: the error the Exotel and MSG91
 * senders throw (AppError 'unavailable' with this text), a log-safe form of the gateway's own
 * error text, and the log line and count of a send that got no answer.
 */
import { logger } from '#lib/log.ts';
import { countSmsGatewayError } from '#lib/metrics.ts';

/** The text of the AppError('unavailable') a sender throws when its gateway does not take a message. */
export const SMS_NOT_SENT_MESSAGE = 'We could not send the SMS right now. Please try again in a minute.';

/** A gateway's error text for the log, with runs of 4 or more digits hidden (it may quote a code or a number). */
export function gatewayErrorForLog(text: unknown): string | undefined {
  if (typeof text !== 'string' || !text) return undefined;
  return text.slice(0, 300).replace(/\d{4,}/g, '••••');
}

/**
 * Logs and counts a send that got no answer from gateway `gateway`: `timeout` when it did not
 * answer in time, `unreachable` otherwise (refused connection, unknown host, reset).
 */
export function smsGatewayUnreachable(gateway: string, err: unknown, context: Record<string, unknown>): void {
  const timedOut = (err as Error).name === 'TimeoutError';
  countSmsGatewayError(gateway, timedOut ? 'timeout' : 'unreachable');
  // fetch says only "fetch failed"; its cause names what happened (ECONNREFUSED, ENOTFOUND…).
  const cause = (err as Error).cause as { message?: unknown } | undefined;
  const reason =
    typeof cause?.message === 'string' ? `${(err as Error).message}: ${cause.message}` : (err as Error).message;
  logger.warn(
    { ...context, err: timedOut ? 'no answer in time' : reason },
    timedOut ? 'SMS gateway timed out' : 'SMS gateway unreachable',
  );
}
