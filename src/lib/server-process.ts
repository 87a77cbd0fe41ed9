/**
 * Whether this process is a server, where it is in its life, and what it does when it stops. The
 * server's entry (src/server/entry.ts) and the dev server declare it before they serve; the
 * command-line tools and the tests never do, so what only a server runs (the background jobs,
 * src/lib/jobs) stays off there. Its life, as /readyz reports it (src/pages/readyz.ts):
 * warming up (the entry expects a warm-up and has not finished it), serving, then draining once
 * a stop signal came. The entry and Astro's handler are two bundles with their own copies of
 * this module: the state lives on `globalThis` under a registered symbol, so both copies see one.
 */

interface ServerProcessState {
  serving: boolean;
  /** `pending` while the entry's warm-up runs; `none` where no warm-up is expected (dev, tests). */
  warmUp: 'none' | 'pending' | 'done';
  /** Set when a stop signal came: /readyz answers 503 from then on. */
  draining: boolean;
  /** Called, in order of registration, when the server stops (SIGTERM/SIGINT). */
  onStop: Array<(timeoutMs: number) => Promise<void>>;
  /** Called after every `onStop`, in order of registration: what the stops still used (the database). */
  onClose: Array<() => Promise<void>>;
}

const KEY = Symbol.for('farmfresh.server-process');

function state(): ServerProcessState {
  const scope = globalThis as { [KEY]?: ServerProcessState };
  scope[KEY] ??= { serving: false, warmUp: 'none', draining: false, onStop: [], onClose: [] };
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

/** Says that this process is not ready until `markWarmedUp` (the entry, before it warms up). */
export function expectWarmUp(): void {
  const s = state();
  if (s.warmUp === 'none') s.warmUp = 'pending';
}

/** Says that this process's warm-up finished (the database open, the catalogue and search index built). */
export function markWarmedUp(): void {
  state().warmUp = 'done';
}

/** Whether this process has no warm-up pending. */
export function isWarmedUp(): boolean {
  return state().warmUp !== 'pending';
}

/** Says that this process is stopping: it still serves, but /readyz answers 503 so balancers stop sending. */
export function markDraining(): void {
  state().draining = true;
}

/** Whether this process is stopping (see markDraining). */
export function isDraining(): boolean {
  return state().draining;
}

/** Registers work to finish when the server stops, given at most `timeoutMs` (ms). */
export function onServerStop(stop: (timeoutMs: number) => Promise<void>): void {
  state().onStop.push(stop);
}

/** Registers a resource to close once every stop has run (the database, which jobs use until they end). */
export function onServerClose(close: () => Promise<void>): void {
  state().onClose.push(close);
}

/**
 * Runs the registered stops, each within `timeoutMs`, then the registered closes, each within
 * `timeoutMs`; a failing one is skipped.
 */
export async function stopServerProcess(timeoutMs: number): Promise<void> {
  const within = (work: Promise<void>) =>
    Promise.race([work.catch(() => undefined), new Promise((r) => setTimeout(r, timeoutMs).unref())]);
  for (const stop of state().onStop.splice(0)) await within(stop(timeoutMs));
  for (const close of state().onClose.splice(0)) await within(close());
}
