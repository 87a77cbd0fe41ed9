/**
 * The PostgreSQL runner: pg-boss, a maintained job queue in the shop's database (schema `pgboss`,
 * created and migrated by pg-boss on its first start). Each job is a queue with the `stately`
 * policy (at most one run active and one waiting, across every process: a run longer than its
 * interval never piles up a backlog of runs). Every process offers a run once per
 * interval with `sendThrottled` (at most one job per interval-long slot, however many processes
 * offer it) and works the queue: so a job runs once per interval, in whichever process fetched it,
 * and keeps running while any process lives.
 *
 * Made for PgBouncer in transaction mode: no LISTEN/NOTIFY (workers poll), no cron scheduler
 * (`schedule: false`; the throttled sends do its work), and pg-boss's own statements are
 * unnamed (no prepared statements) and take only transaction-level advisory locks
 * (`pg_advisory_xact_lock`) and `SET LOCAL` settings. Its own small pool (JOB_DB_POOL_MAX).
 */
import os from 'node:os';
import type { PgBoss } from 'pg-boss';
import type { Database } from '../db/types.ts';
import { logger } from '../log.ts';
import { LocalRuns } from './local-runs.ts';
import type { JobDefinition, JobRunner } from './types.ts';

/** Milliseconds between tries to start pg-boss while the database is unreachable. */
const START_RETRY_MS = 30_000;

export interface PgBossRunnerOptions {
  connectionString: string;
  /** Connections pg-boss's own pool may open. */
  poolMax: number;
}

/**
 * The connection string with `application_name` = farmfresh-jobs:host:pid (unless it names one),
 * so the queue's connections are told apart in pg_stat_activity and PgBouncer's SHOW CLIENTS.
 */
function withApplicationName(connectionString: string): string {
  const url = new URL(connectionString);
  if (!url.searchParams.has('application_name'))
    url.searchParams.set('application_name', `farmfresh-jobs:${os.hostname()}:${process.pid}`);
  return url.toString();
}

/** Seconds, at least 1, for pg-boss options given in seconds. */
const seconds = (ms: number) => Math.max(1, Math.round(ms / 1000));

export function createPgBossRunner(
  jobs: JobDefinition[],
  getDb: () => Promise<Database>,
  options: PgBossRunnerOptions,
): JobRunner {
  const runs = new Map(jobs.map((job) => [job.name, new LocalRuns(job, getDb)]));
  const timers = new Set<NodeJS.Timeout>();
  let boss: PgBoss | null = null;
  let stopped = false;

  const startBoss = async (): Promise<void> => {
    // Loaded here, as the database module loads `pg`: a PGlite server never loads either.
    const { PgBoss } = await import('pg-boss');
    const instance = new PgBoss({
      connectionString: withApplicationName(options.connectionString),
      max: options.poolMax,
      schedule: false,
      useListenNotify: false,
    });
    instance.on('error', (err) => logger.warn({ err }, 'job queue error'));
    instance.on('warning', (warning) => logger.warn({ warning }, 'job queue warning'));
    await instance.start();
    for (const job of jobs) {
      if (job.intervalMs <= 0) continue;
      if (!(await instance.getQueue(job.name)))
        await instance
          .createQueue(job.name, {
            policy: 'stately',
            // A run is one pass; a failed pass is not retried (the next interval's run is).
            retryLimit: 0,
            // A run that outlives this (a stalled process) is given up so the next can start.
            expireInSeconds: Math.max(60, seconds(job.intervalMs) * 5),
            deleteAfterSeconds: 3600,
          })
          .catch(async (err) => {
            // Another process created it at the same moment.
            if (!(await instance.getQueue(job.name))) throw err;
          });
      await instance.work(job.name, { pollingIntervalSeconds: Math.min(2, Math.max(0.5, job.intervalMs / 2000)) }, () =>
        runs.get(job.name)!.run(),
      );
      const offer = () =>
        instance
          .sendThrottled(job.name, null, null, seconds(job.intervalMs))
          .catch((err) =>
            logger.warn({ job: job.name, err }, 'job could not be offered; the next interval tries again'),
          );
      void offer();
      const timer = setInterval(offer, job.intervalMs);
      timer.unref();
      timers.add(timer);
    }
    boss = instance;
  };

  const tryStart = async (): Promise<void> => {
    if (stopped) return;
    try {
      await startBoss();
    } catch (err) {
      logger.warn({ err }, `job queue could not start; trying again in ${START_RETRY_MS / 1000} s`);
      const timer = setTimeout(() => {
        timers.delete(timer);
        void tryStart();
      }, START_RETRY_MS);
      timer.unref();
      timers.add(timer);
    }
  };

  return {
    start: tryStart,
    kick(name) {
      const job = runs.get(name);
      return stopped || !job ? Promise.resolve() : job.run();
    },
    async stop(timeoutMs) {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      const idle = Promise.all([...runs.values()].map((r) => r.idle()));
      await Promise.race([
        Promise.all([boss?.stop({ graceful: true, close: true, timeout: timeoutMs }), idle]),
        new Promise((resolve) => setTimeout(resolve, timeoutMs).unref()),
      ]);
    },
  };
}
