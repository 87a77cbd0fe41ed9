/**
 * The cluster primary's restart policy (src/server/restart-backoff.ts): workers that die soon after
 * starting are replaced after a wait that doubles up to a ceiling; one that stayed up is replaced at
 * once and starts the count afresh, as does a quiet spell.
 */
import { describe, expect, it } from 'vitest';
import { RestartBackoff } from '#server/restart-backoff.ts';

describe('restart backoff', () => {
  it('doubles the wait from 1 s to 30 s while workers die soon after starting', () => {
    const backoff = new RestartBackoff();
    let now = 1_000_000;
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const wait = backoff.delayFor(300, now);
      waits.push(wait);
      now += wait + 300; // the replacement dies 300 ms after it started
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('replaces a worker that stayed up at once, and the next early death waits 1 s again', () => {
    const backoff = new RestartBackoff();
    let now = 0;
    for (let i = 0; i < 4; i++) now += backoff.delayFor(100, now) + 100;
    expect(backoff.delayFor(60_000, now)).toBe(0);
    expect(backoff.delayFor(100, now + 100)).toBe(1000);
  });

  it('starts afresh after a quiet spell without early deaths', () => {
    const backoff = new RestartBackoff({ initialMs: 1000, maxMs: 30_000, stableMs: 30_000 });
    expect(backoff.delayFor(100, 0)).toBe(1000);
    expect(backoff.delayFor(100, 1500)).toBe(2000);
    // The last wait ran out at 3.5 s; nothing died for the next 30 s.
    expect(backoff.delayFor(100, 40_000)).toBe(1000);
  });
});
