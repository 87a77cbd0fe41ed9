/**
 * GET /readyz, for readiness probes and the server's own warm-up (src/server/entry.ts): the
 * database is reachable, every committed migration is applied, this process's search
 * catalogue (src/features/search: the catalogue snapshot and its index) is built, and the
 * process's warm-up has finished (src/lib/server-process.ts), so the first visitor waits for
 * none of them. Answers within READINESS_TIMEOUT_MS (2.5 s): 200 when ready, else 503 with
 * Retry-After — `search: "warming_up"` while the catalogue is still being built (the build goes
 * on, and a later request finds it done), `status: "warming_up"` while every check passes but the
 * warm-up has not finished, and `{"status":"draining"}` once the process was told to stop
 * (liveness, /healthz, stays 200 while it drains).
 */
import type { APIRoute } from 'astro';
import { getSearchCatalog } from '#features/search/index.ts';
import { getDb } from '#lib/db/index.ts';
import { READINESS_TIMEOUT_MS, readiness } from '#lib/db/readiness.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable, withDeadline } from '#lib/db/unavailable.ts';
import { logger } from '#lib/log.ts';
import { isDraining, isWarmedUp } from '#lib/server-process.ts';

/** The search catalogue within what is left of the answer's budget. */
async function searchCatalog(msLeft: number): Promise<'ready' | 'warming_up' | 'failed'> {
  try {
    await withDeadline(
      getDb().then((db) => getSearchCatalog(db)),
      Math.max(0, msLeft),
      'search catalogue',
    );
    return 'ready';
  } catch (err) {
    if (isDatabaseUnavailable(err)) return 'warming_up';
    logger.warn({ err }, 'readiness: the search catalogue could not be built');
    return 'failed';
  }
}

/** The 503 a stopping process answers, before any check (it asks the database nothing more). */
function draining(): Response {
  return new Response(JSON.stringify({ status: 'draining' }), {
    status: 503,
    headers: {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
    },
  });
}

export const GET: APIRoute = async () => {
  if (isDraining()) return draining();
  const started = performance.now();
  const database = await readiness();
  const search =
    database.status === 'ready' ? await searchCatalog(READINESS_TIMEOUT_MS - (performance.now() - started)) : undefined;
  // A stop signal that came during the checks wins: the same answer as one that came before.
  if (isDraining()) return draining();
  const checked = database.status === 'ready' && search === 'ready';
  const ready = checked && isWarmedUp();
  const status = ready ? 'ready' : checked ? 'warming_up' : 'not_ready';
  return new Response(JSON.stringify({ ...database, status, search }), {
    status: ready ? 200 : 503,
    headers: {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      ...(ready ? {} : { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) }),
    },
  });
};
