/**
 * A fake HTTP SMS gateway for servers started with SMS_SENDER=http: it keeps every message it is
 * asked to deliver, and answers 202 after `delayMs`, 500 while `failing`, or not at all while
 * `holding` (until `release()`). `message(phone, n)` waits for the n-th message to a number, so a
 * test waits for the SMS itself, never for a guessed time.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SmsMessage {
  to: string;
  message: string;
}

export class FakeSmsGateway {
  readonly messages: SmsMessage[] = [];
  /** Time (ms) before each answer. */
  delayMs = 0;
  /** Answer 500 to every message. */
  failing = false;
  /** Keep every answer back until `release()`. */
  holding = false;
  private server: http.Server | undefined;
  private held: (() => void)[] = [];
  private waiters: (() => void)[] = [];

  /** Starts listening on a free loopback port; returns the URL for SMS_GATEWAY_URL. */
  async start(): Promise<string> {
    this.server = http.createServer((req, res) => {
      let data = '';
      req.on('data', (chunk) => (data += chunk));
      req.on('end', () => {
        this.messages.push(JSON.parse(data) as SmsMessage);
        for (const wake of this.waiters.splice(0)) wake();
        const answer = () => {
          if (this.failing) res.writeHead(500).end('gateway down');
          else res.writeHead(202).end();
        };
        if (this.holding) this.held.push(answer);
        else setTimeout(answer, this.delayMs);
      });
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/sms`;
  }

  /** Answers every held message and stops holding. */
  release(): void {
    this.holding = false;
    for (const answer of this.held.splice(0)) answer();
  }

  /** How many messages are being held unanswered. */
  get heldCount(): number {
    return this.held.length;
  }

  /** Messages to `phone` so far. */
  to(phone: string): SmsMessage[] {
    return this.messages.filter((m) => m.to === phone);
  }

  /** Waits for the `n`-th message (1-based) to `phone` and returns it. */
  async message(phone: string, n = 1): Promise<SmsMessage> {
    while (this.to(phone).length < n) await new Promise<void>((wake) => this.waiters.push(wake));
    return this.to(phone)[n - 1]!;
  }

  /** The code in the `n`-th message to `phone` ("123456 is your FarmFresh verification code…"). */
  async code(phone: string, n = 1): Promise<string> {
    const { message } = await this.message(phone, n);
    const code = /^(\d+) is your FarmFresh verification code/.exec(message)?.[1];
    if (!code) throw new Error(`not a sign-in code: ${message}`);
    return code;
  }

  async stop(): Promise<void> {
    this.release();
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }
}
