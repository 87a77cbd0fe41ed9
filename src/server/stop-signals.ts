/**
 * What a stop signal (SIGTERM, SIGINT) means to a process already told to stop. A signal sent to
 * the whole process group (Ctrl-C in a terminal, systemd's default KillMode) reaches the server
 * twice or three times within milliseconds: from the sender, and again passed on by
 * scripts/start.ts and by the cluster primary. Such repeats are the same stop delivered twice;
 * only a signal at least REPEAT_SIGNAL_MS after the first is someone asking again, and hastens
 * the stop.
 */

/** How long (ms) after the first stop signal another one counts as asking again rather than a repeat. */
export const REPEAT_SIGNAL_MS = 1000;

/** What a stop signal means: the first one, the same stop delivered again, or a request to hasten. */
export type StopSignalMeaning = 'first' | 'repeat' | 'hasten';

/** Tells the first stop signal, repeats of it and later signals apart (see the module comment). */
export class StopSignals {
  /** When the first stop signal came (ms since the epoch), or undefined before it. */
  private firstAt: number | undefined;

  /** The meaning of a stop signal received at `now` (ms since the epoch). */
  receive(now = Date.now()): StopSignalMeaning {
    if (this.firstAt === undefined) {
      this.firstAt = now;
      return 'first';
    }
    return now - this.firstAt >= REPEAT_SIGNAL_MS ? 'hasten' : 'repeat';
  }
}
