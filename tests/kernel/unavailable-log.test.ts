/**
 * What an operator reads when the database is unavailable: the innermost cause with its code (not
 * the ORM's "Failed query" text and parameters), once a reason, not twice a second.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logUnavailable, UNAVAILABLE_LOG_INTERVAL_MS, unavailableReason } from '#lib/db/unavailable.ts';
import { logger } from '#lib/log.ts';

/** An error shaped like an ORM's wrapper around the driver's error. */
function wrapped(code: string, message: string): Error {
  const driverError = Object.assign(new Error(message), { code });
  return new Error('Failed query: select "hash" from "drizzle"."__drizzle_migrations"\nparams: +919800000000', {
    cause: driverError,
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('unavailableReason', () => {
  it('names the innermost cause and its code, without the query or its parameters', () => {
    const reason = unavailableReason(wrapped('42501', 'permission denied for database shop'));
    expect(reason).toBe('42501 permission denied for database shop');
    expect(reason).not.toMatch(/Failed query|9800000000/);
  });

  it('reads the first of an AggregateError (a refused connection on every address)', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(unavailableReason(new AggregateError([refused], ''))).toBe(
      'ECONNREFUSED connect ECONNREFUSED 127.0.0.1:5432',
    );
  });
});

describe('logUnavailable', () => {
  it('warns once a reason per interval and logs the repeats at debug', () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const debug = vi.spyOn(logger, 'debug').mockImplementation(() => undefined);
    const down = wrapped('57P03', 'the database system is starting up');
    for (let i = 0; i < 10; i++) logUnavailable('readiness: database check failed', down);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toEqual({ reason: '57P03 the database system is starting up' });
    expect(debug).toHaveBeenCalledTimes(9);
    // Another reason is news at once; the same one again after the interval.
    logUnavailable('readiness: database check failed', wrapped('42501', 'permission denied for database shop'));
    expect(warn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(UNAVAILABLE_LOG_INTERVAL_MS);
    logUnavailable('readiness: database check failed', down);
    expect(warn).toHaveBeenCalledTimes(3);
  });
});
