/**
 * Whether this process is a server, and what it does when it stops. The server's entry
 * (src/server/entry.ts) and the dev server declare it before they serve; the command-line tools
 * and the tests never do, so what only a server runs (the background jobs, src/lib/jobs) stays
 * off there. The entry and Astro's handler are two bundles with their own copies of this module:
 * the state lives on `globalThis` under a registered symbol, so both copies see one.
 */

interface ServerProcessState {
  serving: boolean;
  /** Called, in order of registration, when the server stops (SIGTERM/SIGINT). */
  onStop: Array<(timeoutMs: number) => Promise<void>>;
}

const KEY = Symbol.for('farmfresh.server-process');

function state(): ServerProcessState {
  const scope = globalThis as { [KEY]?: ServerProcessState };
  scope[KEY] ??= { serving: false, onStop: [] };
  return scope[KEY];
}

/** Declares this process a server (the entry and the dev server, before they serve). */
export function declareServerProcess(): void {
  state().serving = true;
}

/** Whether this process is a server. */
export function isServerProcess(): boolean {
  return state().serving;
}

/** Registers work to finish when the server stops, given at most `timeoutMs` (ms). */
export function onServerStop(stop: (timeoutMs: number) => Promise<void>): void {
  state().onStop.push(stop);
}

/** Runs the registered stops, each within `timeoutMs`; a failing one is skipped. */
export async function stopServerProcess(timeoutMs: number): Promise<void> {
  for (const stop of state().onStop.splice(0)) {
    await Promise.race([stop(timeoutMs).catch(() => undefined), new Promise((r) => setTimeout(r, timeoutMs).unref())]);
  }
}
