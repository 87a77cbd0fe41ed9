/**
 * The in-process queue that delivers sign-in codes after the HTTP answer (ADR 0113): a code
 * request commits its code row, hands the message here and answers at once, so no answer waits
 * for the SMS gateway and none tells by its time or status whether an SMS went out.
 * - Bounded: at most SMS_QUEUE_LIMIT messages wait; one more is dropped (the person asks again
 *   with "Resend"), counted and logged.
 * - SMS_QUEUE_CONCURRENCY sends at a time, each given SMS_SEND_TIMEOUT_MS.
 * - A failed or timed-out send (a gateway down, or one refusing a text that does not match its
 *   registered template) is logged at `warn` with the masked number (`+91••••••45`) and the
 *   message's template key, never the number or the text (it holds the code), and with this process's running counts
 *   (`smsQueueStats`), so an operator sees how many codes did not go out.
 * - Nothing is persisted: a code lives 5 minutes and is not written anywhere in clear; a message
 *   still waiting when the process stops is sent within the stop's grace time or lost.
 */
import { logger, maskPhone } from '#lib/log.ts';
import { onServerStop } from '#lib/server-process.ts';
import type { SmsMessage, SmsSender } from '../types.ts';

/** Messages that may wait at once (about a minute of a busy shop's sign-ins at a slow gateway). */
export const SMS_QUEUE_LIMIT = 1000;
/** Sends in flight at once. */
export const SMS_QUEUE_CONCURRENCY = 4;
/** Time one send may take (ms) before it counts as failed; the HTTP sender gives up at 5 s itself. */
export const SMS_SEND_TIMEOUT_MS = 10_000;

/** This process's counts since it started. */
export interface SmsQueueStats {
  /** Messages waiting for a free sender slot. */
  waiting: number;
  /** Messages being sent. */
  sending: number;
  /** Messages the gateway accepted. */
  sent: number;
  /** Messages the gateway refused, or that timed out or failed to reach it. */
  failed: number;
  /** Messages dropped because the queue was full. */
  dropped: number;
}

interface Job {
  sender: SmsSender;
  to: string;
  message: SmsMessage;
}

const waiting: Job[] = [];
const stats: SmsQueueStats = { waiting: 0, sending: 0, sent: 0, failed: 0, dropped: 0 };
let idle: { promise: Promise<void>; resolve: () => void } | null = null;
let stopRegistered = false;

/** Counts at this moment (a copy). */
export function smsQueueStats(): SmsQueueStats {
  return { ...stats, waiting: waiting.length };
}

/** Resolves when nothing waits and nothing is being sent (tests, and the server's stop). */
export function drainSmsQueue(): Promise<void> {
  if (waiting.length === 0 && stats.sending === 0) return Promise.resolve();
  if (!idle) {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    idle = { promise, resolve };
  }
  return idle.promise;
}

/** Rejects after `ms` unless `work` settles first. */
function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function run(job: Job): Promise<void> {
  try {
    await withTimeout(job.sender.send(job.to, job.message), SMS_SEND_TIMEOUT_MS);
    stats.sent++;
  } catch (err) {
    stats.failed++;
    logger.warn(
      {
        sms: { to: maskPhone(job.to), template: job.message.key },
        err: (err as Error).message,
        smsQueue: smsQueueStats(),
      },
      'Sign-in code not delivered: the SMS send failed (the person can ask again with Resend)',
    );
  }
}

function pump(): void {
  while (stats.sending < SMS_QUEUE_CONCURRENCY && waiting.length > 0) {
    const job = waiting.shift()!;
    stats.sending++;
    void run(job).finally(() => {
      stats.sending--;
      pump();
      if (stats.sending === 0 && waiting.length === 0 && idle) {
        idle.resolve();
        idle = null;
      }
    });
  }
}

/**
 * Queues `message` for `to` through `sender` and returns at once; false (counted and logged at
 * `warn`) when the queue is full and the message is dropped. The send starts on a later turn of
 * the event loop; the caller never waits for it.
 */
export function enqueueSms(sender: SmsSender, to: string, message: SmsMessage): boolean {
  if (!stopRegistered) {
    stopRegistered = true;
    onServerStop(() => drainSmsQueue());
  }
  if (waiting.length >= SMS_QUEUE_LIMIT) {
    stats.dropped++;
    logger.warn(
      { sms: { to: maskPhone(to) }, smsQueue: smsQueueStats() },
      'Sign-in code not delivered: the SMS queue is full (the person can ask again with Resend)',
    );
    return false;
  }
  waiting.push({ sender, to, message });
  setImmediate(pump);
  return true;
}
