/**
 * One process per PGlite data folder. PGlite does not lock its folder: a second
 * process opening it corrupts or loses data. Every process that opens a folder (the server,
 * db:seed, db:migrate, catalog:import, orders, db:prune) first takes `farmfresh.lock` inside it.
 *
 * - Taken atomically: the file is created with the `wx` flag (fails when it exists).
 * - It holds the owner's pid, hostname, start time and (Linux) the process's start tick, so a
 *   pid reused by an unrelated process after a crash is not mistaken for the owner
 *   (src/lib/process-owner.ts).
 * - A lock whose owner is gone (same host, pid dead or reused) is stale and taken over.
 * - A lock from another host cannot be checked and is never taken over.
 * - Released (file removed) when the process exits, including on SIGINT/SIGTERM.
 * - Re-entrant within one process: the server takes it before listening and the database
 *   module takes it again (a no-op) when it opens PGlite.
 * `memory://` folders need no lock. Errors: `DataDirLockedError` with a message for people.
 *
 * Why not `proper-lockfile`: its staleness is by mtime (a timer touches the lock every few
 * seconds; a process whose event loop stalls longer loses its lock) and it does not record the
 * owner's pid, which the message to the operator needs.
 */
import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  currentOwner,
  exitOnSignalWhenUnhandled,
  isAlive,
  type ProcessOwner as LockOwner,
  readOwner,
} from '#lib/process-owner.ts';

/** Name of the lock file inside the data folder. */
export const LOCK_FILE_NAME = 'farmfresh.lock';

/** The folder is in use by another live process (or one on another host). */
export class DataDirLockedError extends Error {
  readonly pid: number;
  constructor(message: string, pid: number) {
    super(message);
    this.name = 'DataDirLockedError';
    this.pid = pid;
  }
}

/** Locks this process holds: file → its content and how many openers share it. */
const held = new Map<string, { content: string; count: number }>();
let exitHookInstalled = false;

/**
 * Removes a stale lock file. Two processes could both see it stale, and the slower one would
 * then delete the lock the faster one has just taken; so the removal happens under a short
 * second lock (`farmfresh.lock.takeover`, also created with 'wx') after re-reading the file.
 */
function removeStale(file: string): void {
  const stale = (() => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
  })();
  if (stale === undefined) return;
  const guard = `${file}.takeover`;
  let fd: number;
  try {
    fd = openSync(guard, 'wx');
  } catch {
    // Someone else is taking over; a guard left by a crash mid-takeover is removed after 10 s.
    try {
      if (Date.now() - statSync(guard).mtimeMs > 10_000) unlinkSync(guard);
    } catch {
      /* gone */
    }
    return;
  }
  try {
    if (readFileSync(file, 'utf8') === stale) unlinkSync(file);
  } catch {
    /* already gone */
  } finally {
    closeSync(fd);
    unlinkSync(guard);
  }
}

function releaseAll(): void {
  for (const [file, { content }] of held) {
    try {
      if (readFileSync(file, 'utf8') === content) unlinkSync(file);
    } catch {
      /* already gone */
    }
  }
  held.clear();
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', releaseAll);
  exitOnSignalWhenUnhandled();
}

/**
 * Takes the lock of a PGlite data folder for this process (creating the folder if needed).
 * Throws DataDirLockedError when another live process holds it; takes over a stale lock.
 */
export function lockDataDir(dataDir: string): void {
  if (dataDir.startsWith('memory://')) return;
  const dir = path.resolve(dataDir);
  const file = path.join(dir, LOCK_FILE_NAME);
  const mine = held.get(file);
  if (mine) {
    mine.count++;
    return;
  }
  mkdirSync(dir, { recursive: true });
  const me = currentOwner();
  const content = `${JSON.stringify(me)}\n`;
  for (let attempt = 0; attempt < 20; attempt++) {
    if (attempt > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o644);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = readOwner(file);
      if (owner && owner.pid === process.pid && owner.hostname === me.hostname && owner.procStart === me.procStart) {
        // Taken by this very process through another copy of this module (a script and
        // the built server may each bundle one): share it. The other copy's hold counts as one
        // that is never released here, so only this process's exit removes the file.
        held.set(file, { content: readFileSync(file, 'utf8'), count: 2 });
        installExitHook();
        return;
      }
      if (owner && (owner.hostname !== me.hostname || isAlive(owner))) throw lockedError(owner, dataDir, file);
      // Stale (owner dead) or unreadable (a crash between create and write): remove and retry.
      removeStale(file);
      continue;
    }
    try {
      writeSync(fd, content);
    } finally {
      closeSync(fd);
    }
    held.set(file, { content, count: 1 });
    installExitHook();
    return;
  }
  throw new DataDirLockedError(`Could not take the lock ${file}: other processes keep taking it. Stop them first.`, 0);
}

/**
 * Throws DataDirLockedError when a live process holds the folder's lock, without taking it
 * (npm start checks before building; the server it starts takes the lock).
 */
export function assertDataDirFree(dataDir: string): void {
  if (dataDir.startsWith('memory://')) return;
  const file = path.join(path.resolve(dataDir), LOCK_FILE_NAME);
  const owner = readOwner(file);
  if (!owner || held.has(file)) return;
  if (owner.hostname !== os.hostname() || isAlive(owner)) throw lockedError(owner, dataDir, file);
}

function lockedError(owner: LockOwner, dataDir: string, file: string): DataDirLockedError {
  return owner.hostname !== os.hostname()
    ? new DataDirLockedError(
        `Another FarmFresh process (pid ${owner.pid} on host ${owner.hostname}) is using the database in ${dataDir}. ` +
          `Stop it first, or set DATABASE_URL to use PostgreSQL. If that process is gone, delete ${file}.`,
        owner.pid,
      )
    : new DataDirLockedError(
        `Another FarmFresh process (pid ${owner.pid}) is using the database in ${dataDir}. Stop it first, or set DATABASE_URL to use PostgreSQL.`,
        owner.pid,
      );
}

/** Releases this process's lock of a data folder (when its database is closed). */
export function unlockDataDir(dataDir: string): void {
  if (dataDir.startsWith('memory://')) return;
  const file = path.join(path.resolve(dataDir), LOCK_FILE_NAME);
  const mine = held.get(file);
  if (!mine || --mine.count > 0) return;
  held.delete(file);
  try {
    if (readFileSync(file, 'utf8') === mine.content) unlinkSync(file);
  } catch {
    /* already gone */
  }
}
