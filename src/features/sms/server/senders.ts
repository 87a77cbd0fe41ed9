/**
 * The senders that need no gateway of their own, and whether SMS is on (SMS_SENDER). Every message
 * is a registered template with its variables (renderSms, templates.ts); the Exotel and MSG91
 * senders are exotel.ts and msg91.ts, and sender-factory.ts picks one.
 * - `console` (demo mode only, DEMO_MODE; its default there) delivers nothing: the API returns
 *   the code as `demo_otp` and the sign-in dialog shows it under a demo banner. It refuses a
 *   message that is not its registered template filled in, as the operators' scrubbing does, so
 *   the demo shop and the tests catch a text that would not be delivered. The message is logged
 *   at `debug` only, the one place an OTP may appear in logs.
 * - `http` (a generic gateway) posts JSON `{ to, message, dlt_entity_id?, dlt_template_id?,
 *   sender_id? }` to SMS_GATEWAY_URL with `Authorization: Bearer SMS_GATEWAY_TOKEN`: `message` is
 *   the text, the DLT entity id and header come from SMS_DLT_ENTITY_ID and SMS_SENDER_ID when set,
 *   and the template id when the templates are the shop's own (SMS_TEMPLATES_FILE). It treats
 *   any non-2xx answer or a 5 s timeout as a failure (it throws 503). Sign-in codes reach it
 *   through queue.ts, after the answer, where a failure is logged and counted instead.
 * - unset outside demo mode: no sender. Codes are never made, every OTP send answers 503 with
 *   Retry-After (`assertSmsAvailable`), browsing works, and start-up logs one warning.
 */
import { getConfig } from '#lib/config.ts';
import { AppError } from '#lib/http/envelope.ts';
import { logger, maskPhone } from '#lib/log.ts';
import { countSmsGatewayError } from '#lib/metrics.ts';
import type { SmsMessage, SmsSender } from '../types.ts';
import { smsGatewayUnreachable } from './gateway-failure.ts';
import { SmsTemplateError, unregisteredReason } from './templates.ts';

/** Delivers nothing (development and the demo shop); checks the message, logs it at `debug` only. */
export class ConsoleSmsSender implements SmsSender {
  readonly kind = 'console' as const;
  async send(to: string, message: SmsMessage): Promise<void> {
    const reason = unregisteredReason(message);
    if (reason) throw new SmsTemplateError(`Not a registered SMS: ${reason}.`);
    logger.debug(
      { sms: { to: maskPhone(to), template: message.key, message: message.text } },
      'SMS (console sender: not delivered)',
    );
  }
}

/** What a customer reads when sign-in by SMS is off (no SMS_SENDER outside demo mode). */
export const SMS_UNAVAILABLE_MESSAGE = 'Sign-in by SMS is not available right now. Please try again later.';
/** Retry-After (seconds) of that 503: an operator has to act, so 10 minutes. */
export const SMS_UNAVAILABLE_RETRY_S = 600;
/** What a customer reads when the gateway did not take a sign-in code. */
export const SMS_SEND_FAILED_MESSAGE = 'We could not send the OTP right now. Please try again in a minute.';

/** True when a sender is configured (or defaulted: `console` in demo mode). */
export function smsAvailable(): boolean {
  return getConfig().SMS_SENDER !== undefined;
}

/** Throws 503 with Retry-After and SMS_UNAVAILABLE_MESSAGE when no sender is configured. */
export function assertSmsAvailable(): void {
  if (!smsAvailable())
    throw new AppError('unavailable', SMS_UNAVAILABLE_MESSAGE, { retryAfter: SMS_UNAVAILABLE_RETRY_S });
}

/** The DLT fields the http sender adds to each message, when the shop has set them. */
export interface HttpDltFields {
  /** SMS_DLT_ENTITY_ID. */
  entityId?: string;
  /** SMS_SENDER_ID (the header). */
  senderId?: string;
  /** Whether to send each message's DLT template id (true when the templates are the shop's own). */
  templateIds?: boolean;
}

/** Posts messages to an HTTP SMS gateway. */
export class HttpSmsSender implements SmsSender {
  readonly kind = 'http' as const;
  private readonly url: string;
  private readonly token: string | undefined;
  private readonly dlt: HttpDltFields;
  private readonly timeoutMs: number;

  constructor(url: string, token: string | undefined, dlt: HttpDltFields = {}, timeoutMs = 5000) {
    this.url = url;
    this.token = token;
    this.dlt = dlt;
    this.timeoutMs = timeoutMs;
  }

  async send(to: string, message: SmsMessage): Promise<void> {
    let res: Response;
    try {
      res = await fetch(this.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        },
        body: JSON.stringify({
          to,
          message: message.text,
          ...(this.dlt.entityId ? { dlt_entity_id: this.dlt.entityId } : {}),
          ...(this.dlt.templateIds ? { dlt_template_id: message.dltTemplateId } : {}),
          ...(this.dlt.senderId ? { sender_id: this.dlt.senderId } : {}),
        }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      // No HTTP answer at all: there is no status to log, and nothing refused the message.
      smsGatewayUnreachable(this.kind, err, { to: maskPhone(to), template: message.key });
      throw new AppError('unavailable', SMS_SEND_FAILED_MESSAGE);
    }
    if (res.ok) return;
    countSmsGatewayError(this.kind, 'refused');
    logger.warn({ status: res.status, to: maskPhone(to), template: message.key }, 'SMS gateway refused the message');
    throw new AppError('unavailable', SMS_SEND_FAILED_MESSAGE);
  }
}
