/**
 * A throwaway PgBouncer (Debian's `pgbouncer`, /usr/sbin/pgbouncer) in front of one PostgreSQL,
 * for benchmarks: an ini written to a temporary folder, `pool_mode = transaction`, every database
 * passed through to the server (`* = host=… port=…`), trust authentication, on a free port on
 * loopback. `stop()` ends the process and removes the folder. Its settings are those of
 * `.ci/start-pgbouncer` (the tests' PgBouncer) and of the minimal ini in docs/operations.md: change
 * them together. No reset query: in transaction mode a server connection carries no session state
 * the shop sets (its timeouts come from the role, DB_SESSION_SETTINGS=role).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Where Debian installs PgBouncer. */
export const PGBOUNCER_BINARY = '/usr/sbin/pgbouncer';

export interface PgBouncerOptions {
  /** PostgreSQL behind it (default 127.0.0.1:5432). */
  upstreamHost?: string;
  upstreamPort?: number;
  /** Server connections per database and user (PgBouncer's default_pool_size; default 20). */
  poolSize?: number;
  /** Roles in its auth_file besides `postgres` (trust: no passwords). */
  users?: string[];
  /** Further `[pgbouncer]` settings, written as `key = value`. */
  settings?: Record<string, string | number>;
}

export interface RunningPgBouncer {
  port: number;
  /** `databaseUrl` (a URL on the upstream server) rewritten to go through this PgBouncer. */
  urlFor(databaseUrl: string): string;
  /** The last lines of PgBouncer's log (for an error message). */
  logTail(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** True once something accepts TCP connections on 127.0.0.1:`port`. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts PgBouncer and resolves once it listens (rejects after 10 s, or when it exits, with its
 * log). PgBouncer refuses to run as root: started by root, it runs as the `postgres` user (`-u`),
 * which then owns the temporary folder.
 */
export async function startPgBouncer(options: PgBouncerOptions = {}): Promise<RunningPgBouncer> {
  if (!existsSync(PGBOUNCER_BINARY))
    throw new Error(`${PGBOUNCER_BINARY} is missing: install Debian's pgbouncer (apt-get install -y pgbouncer)`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'farmfresh-pgbouncer-'));
  const port = await freePort();
  const upstreamHost = options.upstreamHost ?? '127.0.0.1';
  const upstreamPort = options.upstreamPort ?? 5432;
  const log = path.join(dir, 'pgbouncer.log');
  const settings: Record<string, string | number> = {
    listen_addr: '127.0.0.1',
    listen_port: port,
    unix_socket_dir: '',
    pidfile: path.join(dir, 'pgbouncer.pid'),
    logfile: log,
    auth_type: 'trust',
    auth_file: path.join(dir, 'userlist.txt'),
    pool_mode: 'transaction',
    default_pool_size: options.poolSize ?? 20,
    max_client_conn: 400,
    server_reset_query: '',
    ...options.settings,
  };
  writeFileSync(
    path.join(dir, 'userlist.txt'),
    ['postgres', ...(options.users ?? [])].map((user) => `"${user}" ""\n`).join(''),
  );
  writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${upstreamHost} port=${upstreamPort}`,
      '',
      '[pgbouncer]',
      ...Object.entries(settings).map(([k, v]) => `${k} = ${v}`),
      '',
    ].join('\n'),
  );
  const args = [path.join(dir, 'pgbouncer.ini')];
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
    for (const f of ['userlist.txt', 'pgbouncer.ini']) chownSync(path.join(dir, f), uid, gid);
    args.unshift('-u', 'postgres');
  }
  const child: ChildProcess = spawn(PGBOUNCER_BINARY, args, { stdio: 'ignore' });
  const logTail = () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-20).join('\n') : '');
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const tail = logTail();
      await stop();
      throw new Error(`pgbouncer did not start on port ${port}:\n${tail}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    urlFor(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    logTail,
    stop,
  };
}
