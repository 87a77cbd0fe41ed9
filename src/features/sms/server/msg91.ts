/**
 * Sends SMS through MSG91's Flow API (v5): `POST {MSG91_API_URL}/api/v5/flow` with the `authkey`
 * header (MSG91_AUTH_KEY) and the JSON body
 * `{ template_id, short_url: '0', recipients: [{ mobiles, <variable name>: value, … }] }`.
 * MSG91 keeps each template's registered text, its DLT template id, the shop's entity id and the
 * header in the shop's account, and fills the text itself from the named variables (`##name##`
 * in its template), so the shop sends only its MSG91 template id (`msg91TemplateId` from the
 * templates file) and the values. `mobiles` is the number with its country code, digits only
 * (919876543210). The template's type in MSG91 (Unicode for Malayalam) decides the encoding; the
 * values travel as UTF-8 JSON. Links stay as registered: `short_url` is off.
 * A message without an MSG91 template id, a non-2xx answer, an answer whose `type` is not
 * `success`, no answer within the timeout (5 s by default) or a network failure throws
 * AppError('unavailable'). Logs carry the masked number, the template key and MSG91's request id
 * or error, never the values: one may be a sign-in code.
 */
import { AppError } from '#lib/http/envelope.ts';
import { logger, maskPhone } from '#lib/log.ts';
import { countSmsGatewayError } from '#lib/metrics.ts';
import type { Msg91Options, SmsMessage, SmsSender } from '../types.ts';
import { gatewayErrorForLog, SMS_NOT_SENT_MESSAGE, smsGatewayUnreachable } from './gateway-failure.ts';

/** Milliseconds before a send counts as failed, unless the options say otherwise. */
const DEFAULT_TIMEOUT_MS = 5000;

export class Msg91SmsSender implements SmsSender {
  readonly kind = 'msg91' as const;
  private readonly options: Msg91Options;

  constructor(options: Msg91Options) {
    this.options = options;
  }

  async send(to: string, message: SmsMessage): Promise<void> {
    const context = { to: maskPhone(to), sms: message.key, language: message.language, gateway: 'msg91' };
    if (!message.msg91TemplateId) {
      logger.error(
        context,
        `SMS not sent: the SMS templates file gives no MSG91 template id (msg91TemplateId) for ${message.key} (${message.language})`,
      );
      throw new AppError('unavailable', SMS_NOT_SENT_MESSAGE);
    }
    const recipient: Record<string, string> = { mobiles: to.replace(/\D/g, '') };
    for (const { name, value } of message.variables) {
      if (name === 'mobiles') {
        logger.error(
          context,
          `SMS not sent: ${message.key} names a variable "mobiles", which MSG91 reads as the number`,
        );
        throw new AppError('unavailable', SMS_NOT_SENT_MESSAGE);
      }
      recipient[name] = value;
    }
    const url = `${this.options.apiUrl.replace(/\/+$/, '')}/api/v5/flow`;
    let status = 0;
    let answer: { type?: unknown; message?: unknown } | undefined;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', authkey: this.options.authKey },
        body: JSON.stringify({ template_id: message.msg91TemplateId, short_url: '0', recipients: [recipient] }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
      status = res.status;
      answer = (await res.json().catch(() => undefined)) as typeof answer;
      if (res.ok && answer?.type === 'success') {
        logger.info({ ...context, requestId: answer.message }, 'SMS accepted by MSG91');
        return;
      }
    } catch (err) {
      smsGatewayUnreachable(this.kind, err, context);
      throw new AppError('unavailable', SMS_NOT_SENT_MESSAGE);
    }
    countSmsGatewayError(this.kind, 'refused');
    logger.warn({ ...context, status, error: gatewayErrorForLog(answer?.message) }, 'SMS gateway refused the message');
    throw new AppError('unavailable', SMS_NOT_SENT_MESSAGE);
  }
}
