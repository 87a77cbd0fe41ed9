/**
 * Which process owns a lock or marker file, and whether it still runs: shared by the PGlite data
 * folder's lock (src/lib/db/data-dir-lock.ts) and the build's in-use markers
 * (src/server/build-in-use.ts). An owner records its pid, hostname, start time and (Linux) the
 * process's start tick, so a pid reused by an unrelated process after a crash is not mistaken
 * for the owner.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';

export interface ProcessOwner {
  pid: number;
  hostname: string;
  startedAt: string;
  /** Process start time in clock ticks after boot (Linux /proc/PID/stat field 22), when known. */
  procStart?: string;
}

/** A process's start time in clock ticks after boot (Linux), or undefined elsewhere or when it is gone. */
export function procStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces) start after the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** This process as an owner. */
export function currentOwner(): ProcessOwner {
  return {
    pid: process.pid,
    hostname: os.hostname(),
    startedAt: new Date().toISOString(),
    procStart: procStart(process.pid),
  };
}

/** Whether another process on this host with the owner's pid runs and is the same process (not a reused pid). */
export function isAlive(owner: ProcessOwner): boolean {
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = procStart(owner.pid);
  // The pid exists; on Linux also check it is the same process, not a reused pid.
  return !(owner.procStart && now && now !== owner.procStart);
}

/** The owner a file records, or undefined when it is missing or unreadable. */
export function readOwner(file: string): ProcessOwner | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as ProcessOwner;
    return Number.isInteger(parsed.pid) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

let signalExitInstalled = false;

/**
 * Makes SIGINT and SIGTERM exit the process (codes 130 and 143, as the default action would) when
 * no other listener handles them, so `exit` hooks that remove a process's own files (the data
 * folder's lock, the build's in-use marker) run. A listener that stops the process itself (the
 * server's graceful stop, npm start passing the signal on) takes over. Installed once per process:
 * two such listeners would each see the other and neither would exit.
 */
export function exitOnSignalWhenUnhandled(): void {
  if (signalExitInstalled) return;
  signalExitInstalled = true;
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.on(signal, () => {
      if (process.listenerCount(signal) === 1) process.exit(code);
    });
  }
}
