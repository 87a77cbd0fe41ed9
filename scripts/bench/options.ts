/**
 * The bench's settings, read once from the environment (bench/README.md "Variables"): where the
 * catalogue and the PostgreSQL server are, the ports, the concurrency, the servers' Node flags,
 * CPUs and workers, and which databases and phases run.
 */
import path from 'node:path';
import { serverNodeFlags } from '../server-flags.ts';
import { getConfig } from '#lib/config.ts';
import { DAY_REQUESTS } from './day.ts';

export const root = process.cwd();
export const csvPath = path.resolve(process.env.BENCH_CSV || path.join(root, '../shared/data/bigbasket-products.csv'));
export const port = Number(process.env.BENCH_PORT || 4471);
export const referencePort = Number(process.env.BENCH_REFERENCE_PORT || port + 1);
export const concurrency = Number(process.env.BENCH_CONCURRENCY || 16);
export const dayRequests = Number(process.env.BENCH_DAY_REQUESTS || DAY_REQUESTS);
/** The reference renders every request, whatever it repeats: a slice of the day's traffic times it. */
export const referenceDayRequests = Math.min(4_000, dayRequests);
export const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
export const postgresAdminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '';
export const flags =
  process.env.BENCH_NODE_FLAGS !== undefined
    ? process.env.BENCH_NODE_FLAGS.split(/\s+/).filter(Boolean)
    : serverNodeFlags(getConfig());
/** CPUs the servers are pinned to (a `taskset` list), and the shop's worker count: bench/README.md "Cluster". */
export const serverCpus = process.env.BENCH_SERVER_CPUS || undefined;
export const workers = process.env.BENCH_WORKERS || '1';
/** 'pglite' | 'postgres': one database only. */
export const only = process.env.BENCH_ONLY;
export const frontendWanted = process.env.BENCH_FRONTEND !== '0';

/** Phases to run (bench/README.md "Variables"); all when unset. */
export const PHASE_KEYS = [
  'static',
  'reference',
  'cold',
  'cached',
  'search',
  'cart',
  'checkout',
  'day',
  'frontend',
  'back-office',
] as const;
export type PhaseKey = (typeof PHASE_KEYS)[number];
export const chosen = (process.env.BENCH_PHASES ?? '')
  .split(',')
  .map((k) => k.trim())
  .filter(Boolean);
for (const key of chosen)
  if (!(PHASE_KEYS as readonly string[]).includes(key))
    throw new Error(`BENCH_PHASES: unknown phase "${key}" (one of ${PHASE_KEYS.join(', ')})`);
/** A partial run prints its phases and budgets but writes no results file. */
export const partial = chosen.length > 0;
export const wants = (key: PhaseKey) => !partial || chosen.includes(key);
/** The reference runs whenever a phase is compared with it. */
export const wantsReference = wants('reference') || wants('cold') || wants('cached') || wants('day') || wants('search');

export const log = (msg: string) => console.log(`[bench] ${msg}`);
