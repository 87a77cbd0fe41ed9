/**
 * The sign-in SMS queue (src/features/sms/server/queue.ts): enqueueing returns at once and
 * the send follows; a send that fails or outlasts SMS_SEND_TIMEOUT_MS is counted as failed; at most
 * SMS_QUEUE_CONCURRENCY sends run at once; past SMS_QUEUE_LIMIT waiting messages one more is
 * dropped and counted. Time is the fake clock's, so the timeout costs no real time.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSms, type SmsSender } from '#features/sms/index.ts';
import {
  drainSmsQueue,
  enqueueSms,
  SMS_QUEUE_CONCURRENCY,
  SMS_QUEUE_LIMIT,
  SMS_SEND_TIMEOUT_MS,
  smsQueueStats,
} from '#features/sms/server/queue.ts';

/** A sign-in code's message (the demo templates). */
const code = renderSms('sign_in_code', 'en', { code: '123456' });

/** A gateway that answers only when told: `release()` accepts every message it holds. */
class HeldSender implements SmsSender {
  readonly kind = 'http' as const;
  readonly received: string[] = [];
  private held: (() => void)[] = [];
  send(to: string): Promise<void> {
    this.received.push(to);
    return new Promise<void>((resolve) => this.held.push(resolve));
  }
  release(): void {
    for (const resolve of this.held.splice(0)) resolve();
  }
}

const failing: SmsSender = {
  kind: 'http',
  send: async () => {
    throw new Error('gateway answered 500');
  },
};

describe('sign-in SMS queue', () => {
  afterEach(() => vi.useRealTimers());

  it('returns before the send, and counts it sent once the gateway accepts it', async () => {
    const sender = new HeldSender();
    const before = smsQueueStats();
    expect(enqueueSms(sender, '+919800000101', code)).toBe(true);
    expect(sender.received).toEqual([]);
    await vi.waitFor(() => expect(sender.received).toEqual(['+919800000101']));
    sender.release();
    await drainSmsQueue();
    expect(smsQueueStats().sent).toBe(before.sent + 1);
  });

  it('counts a refused send and a send past its timeout as failed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const before = smsQueueStats();
    enqueueSms(failing, '+919800000102', code);
    const silent = new HeldSender();
    enqueueSms(silent, '+919800000103', code);
    const drained = drainSmsQueue();
    await vi.waitFor(() => expect(silent.received).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(SMS_SEND_TIMEOUT_MS);
    await drained;
    expect(smsQueueStats()).toMatchObject({ failed: before.failed + 2, sent: before.sent, waiting: 0, sending: 0 });
  });

  it('sends a few at a time, keeps SMS_QUEUE_LIMIT waiting and drops one more', async () => {
    const sender = new HeldSender();
    const before = smsQueueStats();
    const total = SMS_QUEUE_CONCURRENCY + SMS_QUEUE_LIMIT;
    const phone = (i: number) => `+9198000${String(i).padStart(5, '0')}`;
    for (let i = 0; i < SMS_QUEUE_CONCURRENCY; i++) enqueueSms(sender, phone(i), code);
    await vi.waitFor(() => expect(sender.received).toHaveLength(SMS_QUEUE_CONCURRENCY));
    for (let i = SMS_QUEUE_CONCURRENCY; i < total; i++) expect(enqueueSms(sender, phone(i), code)).toBe(true);
    await new Promise((r) => setImmediate(r));
    expect(sender.received).toHaveLength(SMS_QUEUE_CONCURRENCY);
    expect(smsQueueStats()).toMatchObject({ sending: SMS_QUEUE_CONCURRENCY, waiting: SMS_QUEUE_LIMIT });
    expect(enqueueSms(sender, '+919800099999', code)).toBe(false);
    expect(smsQueueStats().dropped).toBe(before.dropped + 1);

    const drained = drainSmsQueue();
    while (sender.received.length < total || smsQueueStats().sending > 0) {
      sender.release();
      await new Promise((r) => setImmediate(r));
    }
    await drained;
    expect(smsQueueStats()).toMatchObject({ sent: before.sent + total, waiting: 0, sending: 0 });
    expect(sender.received).not.toContain('+919800099999');
  });
});
