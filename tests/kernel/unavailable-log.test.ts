/**
 * What an operator reads when the database is unavailable: the innermost cause with its code (not
 * the ORM's "Failed query" text and parameters), once a reason, not twice a second; a database
 * that cannot be opened, once and then once a minute with a count, at its host and port.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  databaseAddress,
  logUnavailable,
  RepeatedFailureLog,
  UNAVAILABLE_LOG_INTERVAL_MS,
  unavailableReason,
} from '#lib/db/unavailable.ts';
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

describe('RepeatedFailureLog (the database cannot be opened)', () => {
  it('logs the first failure, then once a minute with a count, then the recovery once', () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const info = vi.spyOn(logger, 'info').mockImplementation(() => undefined);
    const error = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });
    const log = new RepeatedFailureLog('database preparation');
    const where = databaseAddress('postgres://farmfresh_web:s3cret@db.internal:6432/farmfresh');
    expect(where).toBe('db.internal:6432');

    log.failed(refused, where);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]).toEqual([
      { reason: 'ECONNREFUSED connect ECONNREFUSED 10.0.0.5:5432' },
      'database preparation failed: database unavailable at db.internal:6432',
    ]);
    // A try every 1.3 s for five minutes: a line a minute, each with the tries since the last.
    for (let i = 0; i < 230; i++) {
      vi.advanceTimersByTime(1300);
      log.failed(refused, where);
    }
    expect(warn.mock.calls.length).toBe(5);
    const repeat = warn.mock.calls[1]!;
    expect(repeat[1]).toMatch(
      /^database preparation still failing: database unavailable at db\.internal:6432 \(\d+ failures in \d+ s\)$/,
    );
    expect((repeat[0] as { failures: number }).failures).toBe(47);
    expect(JSON.stringify(warn.mock.calls)).not.toContain('s3cret');
    expect(error).not.toHaveBeenCalled();

    log.succeeded(where);
    log.succeeded(where);
    expect(info).toHaveBeenCalledTimes(1);
    expect(info.mock.calls[0]![1]).toBe('database preparation succeeded at db.internal:6432 after 231 failures');
    // A new outage is news again at once.
    log.failed(refused, where);
    expect(warn).toHaveBeenCalledTimes(6);
  });

  it('names no address for PGlite, and never a user or password', () => {
    expect(databaseAddress(undefined)).toBeUndefined();
    expect(databaseAddress('postgres://u:p@localhost/shop')).toBe('localhost:5432');
  });
});
