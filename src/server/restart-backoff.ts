/**
 * How long the cluster primary waits before it replaces a worker that died unasked
 * (src/server/entry.ts). A worker that dies soon after it started (a configuration the workers
 * reject, a heap too small for the catalogue) would die again at once: each such death in a row
 * doubles the wait, from `initialMs` up to `maxMs`, so a crash loop costs a fork every `maxMs`
 * rather than a busy CPU and a flood of log lines. A worker that stayed up `stableMs` or longer
 * is replaced at once and starts the count afresh, as does a quiet spell of `stableMs` after the
 * last wait ran out.
 */

export interface RestartBackoffOptions {
  /** The first wait after an early death (ms). */
  initialMs?: number;
  /** The longest wait (ms). */
  maxMs?: number;
  /** How long a worker must stay up for its death not to count as early (ms). */
  stableMs?: number;
}

/** The primary's restart policy: one per primary, shared by all its workers. */
export class RestartBackoff {
  readonly initialMs: number;
  readonly maxMs: number;
  readonly stableMs: number;
  /** Early deaths in a row. */
  private streak = 0;
  /** When the last early death's wait runs out (ms since the epoch). */
  private waitEnds = 0;

  constructor({ initialMs = 1000, maxMs = 30_000, stableMs = 30_000 }: RestartBackoffOptions = {}) {
    this.initialMs = initialMs;
    this.maxMs = maxMs;
    this.stableMs = stableMs;
  }

  /**
   * The wait (ms) before replacing a worker that died after `uptimeMs` of life, at `now`: 0 for a
   * worker that had stayed up `stableMs`, else `initialMs` doubled for each early death in a row,
   * at most `maxMs`.
   * @example new RestartBackoff().delayFor(200) // 1000, then 2000, 4000 … 30000
   */
  delayFor(uptimeMs: number, now: number = Date.now()): number {
    if (uptimeMs >= this.stableMs || now - this.waitEnds >= this.stableMs) this.streak = 0;
    if (uptimeMs >= this.stableMs) return 0;
    const delay = Math.min(this.maxMs, this.initialMs * 2 ** Math.min(this.streak, 30));
    this.streak++;
    this.waitEnds = now + delay;
    return delay;
  }
}
