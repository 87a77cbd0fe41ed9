/**
 * Sends SMS through Exotel's Send SMS API (v1): a form POST (application/x-www-form-urlencoded) to
 * `{EXOTEL_API_URL}/v1/Accounts/{EXOTEL_SID}/Sms/send.json` (`.json`: Exotel answers JSON instead
 * of XML) with Basic auth `EXOTEL_API_KEY:EXOTEL_API_TOKEN` and
 * - `From`: the registered header (SMS_SENDER_ID), `To`: the number in E.164, `Body`: the
 *   registered text with the variables in place;
 * - `DltEntityId` (SMS_DLT_ENTITY_ID) and `DltTemplateId` (the message's): without them Indian
 *   operators drop the message (TRAI TCCCPR 2018);
 * - `EncodingType`: `unicode` when the text leaves the GSM 7-bit alphabet (Malayalam, ₹), else `plain`;
 * - `SmsType=transactional`: the shop's messages are a sign-in code and service messages about the
 *   customer's own orders and account (DLT's "service implicit" category).
 * A non-2xx answer, an error body (`RestException`), no answer within the timeout (5 s by default)
 * or a network failure throws AppError('unavailable'). Logs carry the masked number, the template
 * key and Exotel's message id or error, never the text: it may hold a sign-in code.
 */
import { AppError } from '#lib/http/envelope.ts';
import { logger, maskPhone } from '#lib/log.ts';
import { countSmsGatewayError } from '#lib/metrics.ts';
import type { ExotelOptions, SmsMessage, SmsSender } from '../types.ts';
import { gatewayErrorForLog, SMS_NOT_SENT_MESSAGE, smsGatewayUnreachable } from './gateway-failure.ts';
import { isGsm7 } from './gsm7.ts';

/** Milliseconds before a send counts as failed, unless the options say otherwise. */
const DEFAULT_TIMEOUT_MS = 5000;

export class ExotelSmsSender implements SmsSender {
  readonly kind = 'exotel' as const;
  private readonly options: ExotelOptions;

  constructor(options: ExotelOptions) {
    this.options = options;
  }

  async send(to: string, message: SmsMessage): Promise<void> {
    const o = this.options;
    const url = `${o.apiUrl.replace(/\/+$/, '')}/v1/Accounts/${encodeURIComponent(o.sid)}/Sms/send.json`;
    const form = new URLSearchParams({
      From: o.senderId,
      To: to,
      Body: message.text,
      EncodingType: isGsm7(message.text) ? 'plain' : 'unicode',
      SmsType: 'transactional',
      DltEntityId: o.dltEntityId,
      DltTemplateId: message.dltTemplateId,
    });
    const context = { to: maskPhone(to), sms: message.key, language: message.language, gateway: 'exotel' };
    let status = 0;
    let answer: unknown;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
          accept: 'application/json',
          authorization: `Basic ${Buffer.from(`${o.apiKey}:${o.apiToken}`).toString('base64')}`,
        },
        body: form.toString(),
        signal: AbortSignal.timeout(o.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
      status = res.status;
      answer = await res.json().catch(() => undefined);
      const sms = (answer as { SMSMessage?: { Sid?: unknown; Status?: unknown } } | undefined)?.SMSMessage;
      if (res.ok && sms && !(answer as { RestException?: unknown }).RestException) {
        logger.info({ ...context, sid: sms.Sid, status: sms.Status }, 'SMS accepted by Exotel');
        return;
      }
    } catch (err) {
      smsGatewayUnreachable(this.kind, err, context);
      throw new AppError('unavailable', SMS_NOT_SENT_MESSAGE);
    }
    const error = (answer as { RestException?: { Message?: unknown } } | undefined)?.RestException?.Message;
    countSmsGatewayError(this.kind, 'refused');
    logger.warn({ ...context, status, error: gatewayErrorForLog(error) }, 'SMS gateway refused the message');
    throw new AppError('unavailable', SMS_NOT_SENT_MESSAGE);
  }
}
