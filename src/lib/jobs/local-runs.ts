/**
 * Runs of one job inside this process, one at a time: a run asked for while another is going is
 * folded into a single run after it, so a burst of kicks costs at most two runs. Shared by both
 * runners (the in-process timers, and pg-boss's workers and kicks). Each run is counted, a failed
 * one too, in the job series (src/lib/metrics.ts).
 */
import type { Database } from '../db/types.ts';
import { logger } from '../log.ts';
import { recordJobRun } from '../metrics.ts';
import type { JobDefinition } from './types.ts';

export class LocalRuns {
  private current: Promise<void> | null = null;
  private again: Promise<void> | null = null;

  private readonly job: JobDefinition;
  private readonly getDb: () => Promise<Database>;

  constructor(job: JobDefinition, getDb: () => Promise<Database>) {
    this.job = job;
    this.getDb = getDb;
  }

  /** Runs the job once more (after the current run, if any); never rejects. */
  run(): Promise<void> {
    if (!this.current) {
      this.current = this.once().finally(() => {
        this.current = null;
      });
      return this.current;
    }
    if (!this.again) {
      this.again = this.current.then(() => {
        this.again = null;
        return this.run();
      });
    }
    return this.again;
  }

  /** Waits for the run under way and the one folded after it. */
  async idle(): Promise<void> {
    while (this.current || this.again) await (this.again ?? this.current);
  }

  private async once(): Promise<void> {
    try {
      const result = await this.job.run(await this.getDb());
      if (result && typeof result === 'object' && Object.values(result).some((v) => typeof v === 'number' && v > 0))
        logger.info({ job: this.job.name, ...result }, 'job run');
      recordJobRun(this.job.name, true);
    } catch (err) {
      recordJobRun(this.job.name, false);
      logger.warn({ job: this.job.name, err }, 'job failed; the next run tries again');
    }
  }
}
