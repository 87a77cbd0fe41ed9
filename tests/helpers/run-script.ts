/**
 * Runs one of the project's scripts (scripts/*.ts) as an operator would, in a child process with
 * the machine's Node, against a PGlite folder or a PostgreSQL URL, to its end (at most 90 s, then
 * killed): its exit code and what it printed.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

/** The database a script opens: a PGlite folder (in memory when neither is given) or a PostgreSQL URL. */
export interface ScriptDatabase {
  dataDir?: string;
  url?: string;
}

/** What a script run left: exit code (null when killed), stdout and stderr. */
export interface ScriptRun {
  code: number | null;
  out: string;
  err: string;
}

/** Runs `script` (a path from the project root) with `args` on `db`, with `env` added to this process's. */
export function runProjectScript(
  script: string,
  args: string[],
  db: ScriptDatabase,
  env: Record<string, string> = {},
): Promise<ScriptRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.resolve(script), ...args], {
      env: {
        ...process.env,
        PGLITE_DATA_DIR: db.dataDir ?? 'memory://',
        DATABASE_URL: db.url ?? '',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    });
  });
}
