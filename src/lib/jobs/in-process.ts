/**
 * The in-process runner, for the embedded PGlite database (one server process per data folder):
 * each job on its own timer, the next run armed when one ends (so runs of a job never overlap),
 * ±10 % jitter. The timers never keep the process alive.
 */
import type { Database } from '../db/types.ts';
import { LocalRuns } from './local-runs.ts';
import type { JobDefinition, JobRunner } from './types.ts';

export function createInProcessRunner(jobs: JobDefinition[], getDb: () => Promise<Database>): JobRunner {
  const runs = new Map(jobs.map((job) => [job.name, new LocalRuns(job, getDb)]));
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;

  const arm = (job: JobDefinition) => {
    if (stopped) return;
    const timer = setTimeout(
      async () => {
        timers.delete(timer);
        await runs.get(job.name)!.run();
        arm(job);
      },
      job.intervalMs * (0.9 + Math.random() * 0.2),
    );
    timer.unref();
    timers.add(timer);
  };

  return {
    async start() {
      for (const job of jobs) {
        if (job.intervalMs <= 0) continue;
        if (job.runAtStart) void runs.get(job.name)!.run();
        arm(job);
      }
    },
    kick(name) {
      const job = runs.get(name);
      return stopped || !job ? Promise.resolve() : job.run();
    },
    async stop(timeoutMs) {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      const idle = Promise.all([...runs.values()].map((r) => r.idle()));
      await Promise.race([idle, new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
    },
  };
}
