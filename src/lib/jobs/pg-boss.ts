/**
 * The PostgreSQL runner: pg-boss, a maintained job queue in the shop's database (schema `pgboss`).
 * With MIGRATE_ON_START=true a server creates and migrates that schema when pg-boss starts; with
 * MIGRATE_ON_START=false the release step does (`npm run db:migrate`, `migrateJobQueue` below,
 * direct and as the tables' owner) and the servers only check it, so the web role needs no right
 * to create schemas or tables. Each job is a queue with the `stately`
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
  /**
   * Whether pg-boss creates and migrates its schema on start (MIGRATE_ON_START). When false it
   * only checks it: a schema missing or behind is logged once and the jobs wait for the release
   * step, while the server serves. Default true.
   */
  migrate?: boolean;
}

/** The one line a server logs while the job queue's schema is missing or older than its pg-boss. */
export const JOB_SCHEMA_BEHIND_MESSAGE =
  'job queue schema (pgboss) is missing or behind: run npm run db:migrate; the jobs wait for it';

/** pg-boss's start() errors for a schema it will not migrate itself (`migrate: false`). */
function isSchemaBehind(err: unknown): boolean {
  const message = (err as Error | undefined)?.message ?? '';
  return message.includes('pg-boss is not installed') || message.includes('requires migrations');
}

/**
 * Creates or migrates pg-boss's schema (`pgboss`) at `connectionString`: the release step's part
 * for the job queue (`npm run db:migrate`). Connects as given (direct to PostgreSQL, the role that
 * owns the shop's tables), starts pg-boss with migration on and nothing else (no supervision, no
 * scheduler, no workers), and stops it. pg-boss serialises concurrent migrations itself
 * (transaction-level advisory lock).
 */
export async function migrateJobQueue(connectionString: string): Promise<void> {
  const { PgBoss } = await import('pg-boss');
  const url = new URL(connectionString);
  if (!url.searchParams.has('application_name')) url.searchParams.set('application_name', 'farmfresh-migrate-jobs');
  const instance = new PgBoss({
    connectionString: url.toString(),
    max: 1,
    migrate: true,
    supervise: false,
    schedule: false,
    useListenNotify: false,
  });
  instance.on('error', (err) => logger.warn({ err }, 'job queue migration error'));
  try {
    await instance.start();
  } finally {
    await instance.stop({ graceful: false, close: true, timeout: 1000 }).catch(() => undefined);
  }
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
  const migrate = options.migrate ?? true;
  let boss: PgBoss | null = null;
  let stopped = false;
  /** Whether JOB_SCHEMA_BEHIND_MESSAGE was logged (once, until the schema is there). */
  let reportedBehind = false;

  const startBoss = async (): Promise<void> => {
    // Loaded here, as the database module loads `pg`: a PGlite server never loads either.
    const { PgBoss } = await import('pg-boss');
    const instance = new PgBoss({
      connectionString: withApplicationName(options.connectionString),
      max: options.poolMax,
      migrate,
      schedule: false,
      useListenNotify: false,
    });
    instance.on('error', (err) => logger.warn({ err }, 'job queue error'));
    instance.on('warning', (warning) => logger.warn({ warning }, 'job queue warning'));
    try {
      await instance.start();
    } catch (err) {
      // A failed start keeps its pool open: closed here, the next try opens its own.
      await instance.stop({ graceful: false, close: true, timeout: 1000 }).catch(() => undefined);
      throw err;
    }
    if (reportedBehind) logger.info('job queue schema is current: the jobs run');
    reportedBehind = false;
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
      if (!migrate && isSchemaBehind(err)) {
        if (!reportedBehind) logger.error(JOB_SCHEMA_BEHIND_MESSAGE);
        reportedBehind = true;
      } else logger.warn({ err }, `job queue could not start; trying again in ${START_RETRY_MS / 1000} s`);
      const timer = setTimeout(() => {
        timers.delete(timer);
        void tryStart();
      }, START_RETRY_MS);
      timer.unref();
      timers.add(timer);
    }
  };

  return {
    async start() {
      // Runs in this process, before pg-boss is up: they need only the shop's database.
      for (const job of jobs) if (job.intervalMs > 0 && job.runAtStart) void runs.get(job.name)!.run();
      await tryStart();
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
      await Promise.race([
        Promise.all([boss?.stop({ graceful: true, close: true, timeout: timeoutMs }), idle]),
        new Promise((resolve) => setTimeout(resolve, timeoutMs).unref()),
      ]);
    },
  };
}
