/**
 * The bench's settings, read once from the environment (bench/README.md "Variables"): where the
 * catalogue and the PostgreSQL server are, the ports, the concurrency, the servers' Node flags,
 * CPUs and workers, the brackets of a compared phase, the baseline build for Lighthouse, and
 * which databases and phases run.
 */
import path from 'node:path';
import { getConfig } from '#lib/config.ts';
import { serverEnvironment, serverNodeFlags } from '../server-flags.ts';
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
const flagList = (value: string) => value.split(/\s+/).filter(Boolean);
/**
 * The shop's Node flags on a database (`databaseUrl` empty: PGlite): the ones `npm start` gives the
 * server there (scripts/start.ts, from scripts/server-flags.ts), or BENCH_NODE_FLAGS to compare
 * flag sets. The bench takes the shop's flags from here only.
 */
export const shopFlagsFor = (databaseUrl: string | undefined): string[] =>
  process.env.BENCH_NODE_FLAGS !== undefined
    ? flagList(process.env.BENCH_NODE_FLAGS)
    : serverNodeFlags({ ...getConfig(), DATABASE_URL: databaseUrl || undefined });
/** The environment `npm start` adds for the shop's server (scripts/server-flags.ts), for every start of the shop. */
export const shopEnvironment = (): Record<string, string> => serverEnvironment(process.env);
/**
 * The reference's Node flags: none, as the framework runs its build (`node dist/server/entry.mjs`).
 * The shop's flags are tuned to the shop's heap; on the reference they cost it a share of its
 * speed (bench/README.md "Why earlier runs measured a slower reference").
 * BENCH_REFERENCE_NODE_FLAGS gives it others, to measure what they do.
 */
export const referenceFlags = flagList(process.env.BENCH_REFERENCE_NODE_FLAGS ?? '');
/**
 * Brackets per compared cold phase: each runs the reference's half, the shop's part, the
 * reference's other half, on pages of its own; the gate takes the median of their ratios.
 */
export const brackets = Math.max(1, Number(process.env.BENCH_BRACKETS || 3));
/** Distinct pages per bracket of a cold phase (per header set). */
export const COLD_PAGES_PER_BRACKET = { product: 500, listing: 300 };
/**
 * A build of the shop to audit with Lighthouse beside the current one (its `dist/`, in a
 * checkout of its commit: the server reads its migrations from the working directory).
 */
export const baselineDist = process.env.BENCH_BASELINE_DIST ? path.resolve(process.env.BENCH_BASELINE_DIST) : null;
/** Port of the baseline build's server. */
export const baselinePort = Number(process.env.BENCH_BASELINE_PORT || port + 2);
/**
 * Ports of the payment simulators the shop and the baseline build start in demo mode, next to
 * the bench's ports, so neither takes the default one of a demo shop running on the machine.
 */
export const simulatorPorts = { shop: port + 3, baseline: port + 4 };
/** Lighthouse audits per page (the gate's procedure is five; fewer only for a quick try). */
export const lighthouseAudits = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_AUDITS || 5));
/** The pages audited with Lighthouse (all four unless a quick try names fewer). */
export const lighthousePages = (process.env.BENCH_LIGHTHOUSE_PAGES || 'home,listing,product,cart')
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);
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
  'flash-sale',
  'scale',
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
/** The phases that run against the one-server bench database (all but the flash sale and the scale phase, which have their own). */
export const wantsShopRun = PHASE_KEYS.some((k) => k !== 'flash-sale' && k !== 'scale' && wants(k));
export const wantsReference = wants('reference') || wants('cold') || wants('cached') || wants('day') || wants('search');

export const log = (msg: string) => console.log(`[bench] ${msg}`);
