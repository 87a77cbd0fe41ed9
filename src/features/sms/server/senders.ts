/**
 * SMS delivery behind one interface (SMS_SENDER).
 * - `console` (demo mode only, DEMO_MODE; its default there) delivers nothing: the API returns
 *   the code as `demo_otp` and the sign-in dialog shows it under a demo banner. The message is
 *   logged at `debug` only, the one place an OTP may appear in logs.
 * - `http` posts `{ to, message }` as JSON to SMS_GATEWAY_URL with `Authorization: Bearer
 *   SMS_GATEWAY_TOKEN` and treats any non-2xx answer or a 5 s timeout as a failure (it throws
 *   503). Sign-in codes reach it through sms-queue.ts, after the answer, where a failure is
 *   logged and counted instead.
 * - unset outside demo mode: no sender. Codes are never made, every OTP send answers 503 with
 *   Retry-After (`assertSmsAvailable`), browsing works, and start-up logs one warning.
 */
import { getConfig } from '#lib/config.ts';
import { AppError } from '#lib/http/envelope.ts';
import { logger, maskPhone } from '#lib/log.ts';

export interface SmsSender {
  /** `console` senders expose codes as a demo hint; real ones never do. */
  readonly kind: 'console' | 'http';
  /** Sends `message` to `to` (E.164). Throws AppError('unavailable') when delivery fails. */
  send(to: string, message: string): Promise<void>;
}

/** Delivers nothing (development and the demo shop); logs the message at `debug` only. */
export class ConsoleSmsSender implements SmsSender {
  readonly kind = 'console' as const;
  async send(to: string, message: string): Promise<void> {
    logger.debug({ sms: { to: maskPhone(to), message } }, 'SMS (console sender: not delivered)');
  }
}

/** What a customer reads when sign-in by SMS is off (no SMS_SENDER outside demo mode). */
export const SMS_UNAVAILABLE_MESSAGE = 'Sign-in by SMS is not available right now. Please try again later.';
/** Retry-After (seconds) of that 503: an operator has to act, so 10 minutes. */
export const SMS_UNAVAILABLE_RETRY_S = 600;

/** True when a sender is configured (or defaulted: `console` in demo mode). */
export function smsAvailable(): boolean {
  return getConfig().SMS_SENDER !== undefined;
}

/** Throws 503 with Retry-After and SMS_UNAVAILABLE_MESSAGE when no sender is configured. */
export function assertSmsAvailable(): void {
  if (!smsAvailable())
    throw new AppError('unavailable', SMS_UNAVAILABLE_MESSAGE, { retryAfter: SMS_UNAVAILABLE_RETRY_S });
}

/**
 * The start-up warning when the shop runs without SMS_SENDER (OTP sign-in answers 503),
 * or null. `logSmsStartupWarning` logs it once per process.
 */
export function smsStartupWarning(): string | null {
  if (smsAvailable()) return null;
  return 'SMS_SENDER is not set: sign-in by OTP answers 503 until you set SMS_SENDER=http (with SMS_GATEWAY_URL), or run the demo shop with DEMO_MODE=true (codes shown on screen, no SMS sent).';
}

let warned = false;
/** Logs `smsStartupWarning()` at `warn`, once per process (call at start-up). */
export function logSmsStartupWarning(): void {
  if (warned) return;
  warned = true;
  const warning = smsStartupWarning();
  if (warning) logger.warn({ setting: 'SMS_SENDER' }, warning);
}

/** Posts messages to an HTTP SMS gateway. */
export class HttpSmsSender implements SmsSender {
  readonly kind = 'http' as const;
  private readonly url: string;
  private readonly token: string | undefined;
  private readonly timeoutMs: number;

  constructor(url: string, token: string | undefined, timeoutMs = 5000) {
    this.url = url;
    this.token = token;
    this.timeoutMs = timeoutMs;
  }

  async send(to: string, message: string): Promise<void> {
    let status = 0;
    try {
      const res = await fetch(this.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        },
        body: JSON.stringify({ to, message }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = res.status;
      if (res.ok) return;
    } catch (err) {
      logger.warn({ err: (err as Error).message, to: maskPhone(to) }, 'SMS gateway unreachable');
    }
    logger.warn({ status, to: maskPhone(to) }, 'SMS gateway refused the message');
    throw new AppError('unavailable', 'We could not send the OTP right now. Please try again in a minute.');
  }
}

let sender: SmsSender | undefined;

/** The configured sender (created once). Throws 503 (`assertSmsAvailable`) when there is none. */
export function getSmsSender(): SmsSender {
  if (sender) return sender;
  assertSmsAvailable();
  const config = getConfig();
  sender =
    config.SMS_SENDER === 'http'
      ? new HttpSmsSender(config.SMS_GATEWAY_URL!, config.SMS_GATEWAY_TOKEN)
      : new ConsoleSmsSender();
  return sender;
}

/** Replace the sender (tests). */
export function setSmsSenderForTests(next: SmsSender | undefined): void {
  sender = next;
}
