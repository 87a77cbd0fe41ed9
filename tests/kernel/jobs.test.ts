/**
 * The in-process job runner (PGlite's): a job runs on its interval, never two runs of one job at
 * once; an outbox job also runs once at start; a kick runs it now, and kicks that arrive during a
 * run fold into one more run; stop waits for the run under way and nothing runs after it; a
 * failing run is logged and the next one runs.
 */
import { describe, expect, it } from 'vitest';
import type { Database } from '#lib/db/index.ts';
import { createInProcessRunner, type JobDefinition } from '#lib/jobs/index.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const noDb = async () => ({}) as Database;

/** A job whose runs take `ms` and are counted, with the most that ever overlapped. */
function countingJob(intervalMs: number, ms: number, fail = false) {
  const stats = { runs: 0, running: 0, maxRunning: 0 };
  const job: JobDefinition = {
    name: 'counted',
    intervalMs,
    run: async () => {
      stats.runs++;
      stats.maxRunning = Math.max(stats.maxRunning, ++stats.running);
      await sleep(ms);
      stats.running--;
      if (fail) throw new Error('run failed');
      return null;
    },
  };
  return { job, stats };
}

describe('the in-process job runner', () => {
  it('runs a job on its interval, one run at a time, and nothing after stop', async () => {
    const { job, stats } = countingJob(40, 5);
    const runner = createInProcessRunner([job], noDb);
    await runner.start();
    await sleep(300);
    await runner.stop(1000);
    const after = stats.runs;
    expect(after).toBeGreaterThanOrEqual(2);
    expect(after).toBeLessThanOrEqual(9);
    expect(stats.maxRunning).toBe(1);
    await sleep(150);
    expect(stats.runs).toBe(after);
  });

  it('runs a kicked job now and folds the kicks that arrive during a run into one more', async () => {
    const { job, stats } = countingJob(60_000, 50);
    const runner = createInProcessRunner([job], noDb);
    await runner.start();
    const first = runner.kick('counted');
    await sleep(10);
    const more = [runner.kick('counted'), runner.kick('counted'), runner.kick('counted')];
    await Promise.all([first, ...more]);
    expect(stats.runs).toBe(2);
    expect(stats.maxRunning).toBe(1);
    await runner.stop(1000);
    await runner.kick('counted');
    expect(stats.runs).toBe(2);
  });

  it('runs an outbox job once as it starts, and otherwise only on its interval', async () => {
    const outbox = countingJob(60_000, 5);
    const other = countingJob(60_000, 5);
    const runner = createInProcessRunner(
      [
        { ...outbox.job, name: 'outbox', runAtStart: true },
        { ...other.job, name: 'other' },
      ],
      noDb,
    );
    await runner.start();
    await sleep(50);
    await runner.stop(1000);
    expect(outbox.stats.runs).toBe(1);
    expect(other.stats.runs).toBe(0);
  });

  it('waits for the run under way when it stops', async () => {
    const { job, stats } = countingJob(60_000, 100);
    const runner = createInProcessRunner([job], noDb);
    await runner.start();
    void runner.kick('counted');
    await sleep(10);
    await runner.stop(1000);
    expect(stats).toMatchObject({ runs: 1, running: 0 });
  });

  it('keeps running a job whose runs fail', async () => {
    const { job, stats } = countingJob(30, 1, true);
    const runner = createInProcessRunner([job], noDb);
    await runner.start();
    await sleep(200);
    await runner.stop(1000);
    expect(stats.runs).toBeGreaterThanOrEqual(2);
  });
});
