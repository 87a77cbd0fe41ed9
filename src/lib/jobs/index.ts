/**
 * The background jobs of a server process. Features declare their jobs (`JobDefinition`) and
 * the server's wiring registers them; a server process starts them once (`startJobs`) and stops
 * them on SIGTERM. On PostgreSQL they run on pg-boss, once per interval across every process
 * (pg-boss.ts); on the embedded PGlite database on timers in the one process (in-process.ts).
 * The command-line tools and the tests start no jobs: they call the job functions themselves.
 */
import { getConfig } from '../config.ts';
import type { Database } from '../db/types.ts';
import { logger } from '../log.ts';
import { declareJobMetrics } from '../metrics.ts';
import { isServerProcess, onServerStop } from '../server-process.ts';
import { createInProcessRunner } from './in-process.ts';
import { createPgBossRunner } from './pg-boss.ts';
import type { JobDefinition, JobRunner } from './types.ts';

export { createInProcessRunner } from './in-process.ts';
export { createPgBossRunner, JOB_SCHEMA_BEHIND_MESSAGE, migrateJobQueue } from './pg-boss.ts';
export type { JobDefinition, JobRunner } from './types.ts';

const definitions = new Map<string, JobDefinition>();
let runner: JobRunner | null = null;

/** Registers a job (the server's wiring, at start-up); a second job of the same name replaces it. */
export function registerJob(job: JobDefinition): void {
  definitions.set(job.name, job);
}

/**
 * Starts the registered jobs once, in a server process only (later calls, and calls in a tool or
 * a test, do nothing). `getDb` is asked at each run, so a database that is down only skips runs.
 */
export function startJobs(getDb: () => Promise<Database>): void {
  if (runner || !isServerProcess()) return;
  const jobs = [...definitions.values()];
  const { DATABASE_URL, JOB_DB_POOL_MAX, MIGRATE_ON_START } = getConfig();
  const started = DATABASE_URL
    ? createPgBossRunner(jobs, getDb, {
        connectionString: DATABASE_URL,
        poolMax: JOB_DB_POOL_MAX,
        migrate: MIGRATE_ON_START,
      })
    : createInProcessRunner(jobs, getDb);
  runner = started;
  declareJobMetrics(jobs.map((job) => job.name));
  onServerStop((timeoutMs) => started.stop(timeoutMs));
  void started.start();
  logger.debug({ jobs: jobs.map((j) => [j.name, j.intervalMs]) }, 'background jobs started');
}

/**
 * Runs job `name` in this process now (e.g. the SMS dispatcher after a commit) and resolves when
 * it ends; nothing where no jobs run (tools and tests call the job function themselves).
 */
export function kickJob(name: string): Promise<void> {
  return runner ? runner.kick(name) : Promise.resolve();
}
