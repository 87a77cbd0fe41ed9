/**
 * Marks a build folder (dist, or DIST_DIR) as in use by the processes running from it, so that
 * `npm start` never builds again into a folder a running server loads its pages and lazily
 * imported chunks from (scripts/ensure-build.ts). Several servers may share one build: each
 * running process writes its own marker, `.in-use/<pid>.json` inside the build folder, holding
 * its pid, hostname and start tick (src/lib/process-owner.ts), and removes it when it exits
 * (SIGINT and SIGTERM included). A marker whose process is gone (killed, crashed) or whose pid
 * now belongs to another process is stale: ignored and removed. A marker from another host
 * cannot be checked and counts as in use. A build folder that cannot be written (a read-only
 * image) cannot be rebuilt either, so a marker that cannot be written is no problem.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { currentOwner, exitOnSignalWhenUnhandled, isAlive, type ProcessOwner, readOwner } from '#lib/process-owner.ts';

/** The folder of markers inside a build folder. */
export const IN_USE_DIR = '.in-use';

/**
 * Marks `distDir` as in use by this process until it exits. Idempotent; never throws (a
 * read-only build folder cannot be rebuilt, so it needs no marker).
 */
export function markBuildInUse(distDir: string): void {
  const file = path.join(path.resolve(distDir), IN_USE_DIR, `${process.pid}.json`);
  const content = `${JSON.stringify(currentOwner())}\n`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    // Written aside and renamed, so a reader never sees half a marker (and takes it for stale).
    writeFileSync(`${file}.tmp`, content);
    renameSync(`${file}.tmp`, file);
  } catch {
    return;
  }
  process.on('exit', () => {
    try {
      if (readFileSync(file, 'utf8') === content) unlinkSync(file);
    } catch {
      /* already gone */
    }
  });
  exitOnSignalWhenUnhandled();
}

/**
 * The live processes other than this one that run from `distDir` (on another host: assumed
 * live). Stale markers are removed on the way.
 */
export function buildUsers(distDir: string): ProcessOwner[] {
  const dir = path.join(path.resolve(distDir), IN_USE_DIR);
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  const users: ProcessOwner[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    const owner = readOwner(file);
    if (owner?.pid === process.pid && owner.hostname === os.hostname()) continue;
    if (owner && (owner.hostname !== os.hostname() || isAlive(owner))) users.push(owner);
    else
      try {
        unlinkSync(file);
      } catch {
        /* already gone */
      }
  }
  return users;
}
