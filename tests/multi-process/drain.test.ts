/**
 * A server told to stop drains (src/server/drain.ts): on SIGTERM (here sent twice in a row, the
 * same stop delivered twice, src/server/stop-signals.ts) /readyz answers 503 at once while
 * the server still serves (/healthz 200), for SHUTDOWN_DRAIN_SECONDS; then it closes its port, lets
 * the request under way finish (a sign-up whose body is still arriving), and exits 0. On PGlite
 * with one process; on PostgreSQL with two cluster workers, where the primary passes the signal on
 * and exits once both are gone (skipped without TEST_DATABASE_URL).
 */
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { randomPhone } from '../helpers/api.ts';
import { type TestDatabaseKind, testDatabaseKinds } from '../helpers/database.ts';
import { type RunningServer, startServerOn } from '../helpers/server.ts';

const DRAIN_SECONDS = 2;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A POST whose body is sent in two halves: the second when `finish` is called. */
function slowPost(baseUrl: string, path: string, body: string) {
  const bytes = Buffer.from(body);
  const half = Math.floor(bytes.length / 2);
  const req = http.request(`${baseUrl}${path}`, {
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': bytes.length, origin: baseUrl },
  });
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
  });
  // Awaited by the test; a failure before that must not surface as an unhandled rejection.
  answer.catch(() => undefined);
  req.write(bytes.subarray(0, half));
  return { answer, finish: () => req.end(bytes.subarray(half)) };
}

/** Whether a new connection to `baseUrl` is refused. */
async function refused(baseUrl: string): Promise<boolean> {
  try {
    await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) });
    return false;
  } catch {
    return true;
  }
}

describe.each(testDatabaseKinds())('drain on SIGTERM (%s)', (kind: TestDatabaseKind) => {
  let server: RunningServer | undefined;

  afterEach(async () => {
    await server?.stop();
  });

  it('says draining first, answers the request under way, and exits 0', async () => {
    server = await startServerOn(kind, { SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS) });
    const { baseUrl } = server;
    const signUp = JSON.stringify({ name: 'Drain Test', email: 'drain@example.com', mobile: randomPhone() });
    const inFlight = slowPost(baseUrl, '/api/register', signUp);
    await sleep(200);

    const signalled = Date.now();
    // Sent twice within milliseconds, as when a stop reaches the whole process group and is
    // passed on again: the same stop, which still drains.
    process.kill(server.pid, 'SIGTERM');
    process.kill(server.pid, 'SIGTERM');
    let readyz = await fetch(`${baseUrl}/readyz`);
    for (let i = 0; i < 20 && readyz.status !== 503; i++) {
      await sleep(50);
      readyz = await fetch(`${baseUrl}/readyz`);
    }
    expect(readyz.status).toBe(503);
    expect(await readyz.json()).toEqual({ status: 'draining' });
    // Liveness is not readiness: the process still serves while it drains.
    expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);

    // Past the drain the port is closed, while the sign-up's body is still arriving.
    await sleep(DRAIN_SECONDS * 1000 + 500);
    if (kind === 'pglite') expect(await refused(baseUrl)).toBe(true);
    inFlight.finish();
    const answer = await inFlight.answer;
    expect(answer.status, answer.text).toBe(200);

    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan((DRAIN_SECONDS + 10) * 1000);
  }, 60_000);
});
