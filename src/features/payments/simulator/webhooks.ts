/**
 * The simulator's webhooks, as Razorpay sends them: a JSON event (`entity: 'event'`, `event`,
 * `contains`, `payload.<entity>.entity`, `created_at`) POSTed to the shop's webhook URL with
 * `X-Razorpay-Signature` (HMAC-SHA256 of the body with the webhook secret) and
 * `x-razorpay-event-id`. A delivery the shop answers with non-2xx (or not at all) is tried again
 * after each of `webhookRetryDelaysMs`. The `webhooks` setting delivers each event now, late,
 * twice (the same body and event id two times at once), or never (held until `flush`).
 */
import { logger } from '#lib/log.ts';
import { hmacSha256Hex } from '../server/signatures.ts';
import type { SimulatorSettings } from './settings.ts';
import { newId, nowSeconds } from './state.ts';

/** How long the shop may take to answer one delivery (ms). */
const DELIVERY_TIMEOUT_MS = 5000;

/** One signed event, ready to deliver. */
interface SignedEvent {
  eventId: string;
  name: string;
  body: string;
  signature: string;
}

export class WebhookSender {
  private readonly held = new Map<string, { event: SignedEvent; timer?: NodeJS.Timeout }>();
  private readonly timers = new Map<NodeJS.Timeout, () => void>();
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;
  private readonly target: { url: string | null; secret: string; accountId: string };
  private readonly settings: () => SimulatorSettings;

  constructor(target: { url: string | null; secret: string; accountId: string }, settings: () => SimulatorSettings) {
    this.target = target;
    this.settings = settings;
  }

  /** Signs `name` with its entities (e.g. `{ payment: {...} }`) and sends it as the settings say. */
  emit(name: string, entities: Record<string, unknown>): void {
    if (!this.target.url || this.closed) return;
    const payload = Object.fromEntries(Object.entries(entities).map(([k, v]) => [k, { entity: structuredClone(v) }]));
    const body = JSON.stringify({
      entity: 'event',
      account_id: this.target.accountId,
      event: name,
      contains: Object.keys(entities),
      payload,
      created_at: nowSeconds(),
    });
    const event = { eventId: newId(''), name, body, signature: hmacSha256Hex(this.target.secret, body) };
    const { webhooks, webhookDelayMs } = this.settings();
    if (webhooks === 'now') this.start(event);
    else if (webhooks === 'twice') {
      this.start(event);
      this.start(event);
    } else if (webhooks === 'never') this.held.set(event.eventId, { event });
    else {
      const timer = setTimeout(() => {
        this.held.delete(event.eventId);
        this.start(event);
      }, webhookDelayMs);
      this.held.set(event.eventId, { event, timer });
    }
  }

  /** Delivers every held event now (late and never ones); answers how many. */
  async flush(): Promise<number> {
    const events = [...this.held.values()];
    this.held.clear();
    for (const { event, timer } of events) {
      if (timer) clearTimeout(timer);
      this.start(event);
    }
    await this.idle();
    return events.length;
  }

  /** Resolves once no delivery is under way (retries waiting count as under way). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Stops every timer; held and retrying events are dropped. */
  close(): void {
    this.closed = true;
    for (const { timer } of this.held.values()) if (timer) clearTimeout(timer);
    this.held.clear();
    for (const [timer, resolve] of this.timers) {
      clearTimeout(timer);
      resolve();
    }
    this.timers.clear();
  }

  private start(event: SignedEvent): void {
    const delivery = this.deliver(event).finally(() => this.inFlight.delete(delivery));
    this.inFlight.add(delivery);
  }

  /** Tries once, then again after each retry delay until the shop answers 2xx. */
  private async deliver(event: SignedEvent): Promise<void> {
    const retries = [...this.settings().webhookRetryDelaysMs];
    for (;;) {
      if (this.closed) return;
      const status = await this.post(event);
      if (typeof status === 'number' && status >= 200 && status < 300) return;
      const delay = retries.shift();
      if (delay === undefined) {
        logger.warn(
          { event: event.name, eventId: event.eventId, status },
          'payment simulator: webhook not accepted; given up',
        );
        return;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          resolve();
        }, delay);
        this.timers.set(timer, resolve);
      });
    }
  }

  private async post(event: SignedEvent): Promise<number | 'error'> {
    try {
      const response = await fetch(this.target.url!, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': event.signature,
          'x-razorpay-event-id': event.eventId,
          'user-agent': 'Razorpay-Webhook/v1 (FarmFresh simulator)',
        },
        body: event.body,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      return response.status;
    } catch {
      return 'error';
    }
  }
}
