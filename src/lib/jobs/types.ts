/**
 * The job runner's shapes, shared by its two implementations (in-process.ts on PGlite,
 * pg-boss.ts on PostgreSQL) and by the features that register jobs through the server's wiring.
 */
import type { Database } from '../db/types.ts';

/**
 * A background job: `run` does one pass over the work that is due and returns what it did (for
 * the log). It must be safe to run twice at once (its claims are conditional updates or `FOR
 * UPDATE SKIP LOCKED`): the runner makes that rare, not impossible (a run that outlives its lease).
 */
export interface JobDefinition {
  /** Unique name, e.g. `payments`; also the pg-boss queue's name. */
  name: string;
  /** Milliseconds between runs, across all processes together. 0 turns the job off. */
  intervalMs: number;
  /**
   * Whether each process also runs the job once as its jobs start (an outbox's dispatcher): what
   * a stopped process left unsent goes out at once, not after the queue gives up the stopped
   * process's run (pg-boss expires it after a minute or more).
   */
  runAtStart?: boolean;
  /** One pass; a throw is logged and the next interval tries again. */
  run: (db: Database) => Promise<unknown>;
}

/** What runs the registered jobs in this process. */
export interface JobRunner {
  /** Starts running the jobs: each once per its interval (across processes on PostgreSQL). */
  start(): Promise<void>;
  /**
   * Runs `name` in this process now, without waiting for its interval (e.g. the SMS dispatcher
   * right after an order's change committed). Runs asked for while one is going are folded into
   * one more run after it. Resolves when that run ends; never rejects.
   */
  kick(name: string): Promise<void>;
  /** Stops starting runs and waits (up to `timeoutMs`) for the runs under way. */
  stop(timeoutMs: number): Promise<void>;
}
