/**
 * What a stop signal means to a server already stopping (src/server/stop-signals.ts): a signal to
 * the whole process group reaches the server again within milliseconds (passed on by npm start and
 * the cluster primary), which must not cut the drain short; a signal a second or more later does.
 */
import { describe, expect, it } from 'vitest';
import { REPEAT_SIGNAL_MS, StopSignals } from '#server/stop-signals.ts';

describe('stop signals', () => {
  it('takes signals soon after the first as the same stop, and a later one as asking to hasten', () => {
    const signals = new StopSignals();
    const first = 1_000_000;
    expect(signals.receive(first)).toBe('first');
    expect(signals.receive(first + 3)).toBe('repeat');
    expect(signals.receive(first + 15)).toBe('repeat');
    expect(signals.receive(first + REPEAT_SIGNAL_MS - 1)).toBe('repeat');
    expect(signals.receive(first + REPEAT_SIGNAL_MS)).toBe('hasten');
    expect(signals.receive(first + 5 * REPEAT_SIGNAL_MS)).toBe('hasten');
  });
});
