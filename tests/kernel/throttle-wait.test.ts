/** A throttle's 429 says how long to wait when its rule asks for it, in words that never undercount. */
import { describe, expect, it } from 'vitest';
import { type ThrottleRule, tooMany, waitInWords } from '#lib/db/throttle.ts';

describe('waitInWords', () => {
  it('rounds up to seconds under a minute, minutes under an hour, else hours', () => {
    expect([0.2, 1, 45, 59, 60, 61, 119, 2_530, 3_540, 3_541, 3_600, 3_601, 86_400].map((s) => waitInWords(s))).toEqual(
      [
        '1 second',
        '1 second',
        '45 seconds',
        '59 seconds',
        '1 minute',
        '2 minutes',
        '2 minutes',
        '43 minutes',
        '59 minutes',
        '1 hour',
        '1 hour',
        '2 hours',
        '24 hours',
      ],
    );
  });
});

describe('tooMany', () => {
  const rule: ThrottleRule = { bucket: 'test', limit: 1, windowMs: 3_600_000, message: 'Too many tries.' };
  const now = new Date('2025-01-01T10:00:00Z');
  const oldest = new Date('2025-01-01T09:17:00Z');

  it('adds when to try again to a rule that saysWhen, from the same Retry-After', () => {
    const err = tooMany({ ...rule, saysWhen: true }, oldest, now);
    expect(err).toMatchObject({ code: 'too_many_requests', retryAfter: 17 * 60 });
    expect(err.message).toBe('Too many tries. Please try again in 17 minutes.');
  });

  it('keeps the message of a rule that does not', () => {
    expect(tooMany(rule, oldest, now).message).toBe('Too many tries.');
  });
});
