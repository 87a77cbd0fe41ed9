/**
 * SMS delivery behind one interface. `console` (the default) writes the message to the log —
 * the only place an OTP may appear in logs — and lets the OTP dialog show a demo hint; `http`
 * posts `{ to, message }` as JSON to SMS_GATEWAY_URL with `Authorization: Bearer
 * SMS_GATEWAY_TOKEN` and treats any non-2xx answer or a 5 s timeout as a failure.
 */
import { getConfig } from './config.ts';
import { logger } from './log.ts';
import { AppError } from './http.ts';

export interface SmsSender {
  /** `console` senders expose codes as a demo hint; real ones never do. */
  readonly kind: 'console' | 'http';
  /** Sends `message` to `to` (E.164). Throws AppError('unavailable') when delivery fails. */
  send(to: string, message: string): Promise<void>;
}

/** Logs messages instead of sending them (development and the demo shop). */
export class ConsoleSmsSender implements SmsSender {
  readonly kind = 'console' as const;
  async send(to: string, message: string): Promise<void> {
    logger.info({ sms: { to, message } }, 'SMS (console sender: not delivered)');
  }
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
        headers: { 'content-type': 'application/json', ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
        body: JSON.stringify({ to, message }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = res.status;
      if (res.ok) return;
    } catch (err) {
      logger.warn({ err: (err as Error).message, to }, 'SMS gateway unreachable');
    }
    logger.warn({ status, to }, 'SMS gateway refused the message');
    throw new AppError('unavailable', 'We could not send the OTP right now. Please try again in a minute.');
  }
}

let sender: SmsSender | undefined;

/** The configured sender (created once). */
export function getSmsSender(): SmsSender {
  if (sender) return sender;
  const config = getConfig();
  if (config.SMS_SENDER === 'http') {
    if (!config.SMS_GATEWAY_URL) throw new Error('SMS_SENDER=http needs SMS_GATEWAY_URL');
    sender = new HttpSmsSender(config.SMS_GATEWAY_URL, config.SMS_GATEWAY_TOKEN);
  } else {
    sender = new ConsoleSmsSender();
  }
  return sender;
}

/** Replace the sender (tests). */
export function setSmsSenderForTests(next: SmsSender | undefined): void {
  sender = next;
}
