/**
 * A benchmarked server as the operating system sees it: starts a built server entry — the shop's
 * `dist/server/entry.mjs` (DIST_DIR) with the flags `npm start` gives it, the bare Astro
 * reference's with none, or a baseline build of the shop — optionally pinned to some CPUs with
 * `taskset`, waits until a ready path answers 200, and reads the CPU time and memory of the
 * whole process tree (a primary and its cluster workers) from /proc: CPU in ms (user + system),
 * resident memory now (VmRSS) and at its peak (VmHWM), in MB, summed over the processes.
 */
import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Clock ticks per second of /proc/<pid>/stat times (100 on Linux). */
const TICKS_PER_SECOND = 100;

/** A started server: its base URL, process and /proc readings. */
export interface BenchServer {
  base: string;
  process: ChildProcess;
  /** CPU time (user + system) of the process tree so far, in ms. */
  cpuMs(): number;
  /** Resident memory of the process tree now and at its peak (sum of each process's VmHWM), in MB. */
  memoryMb(): { rss: number; peak: number; processes: number };
  stop(): Promise<void>;
}

/**
 * Busy and total CPU time of the whole machine so far, in clock ticks summed over every CPU
 * (/proc/stat's first line: busy = all but idle and iowait). Two readings give the share of the
 * machine a phase kept busy — the server, the database server and this load generator together.
 */
export function machineCpuTicks(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .map(Number) as number[];
  const busy = user! + nice! + system! + irq! + softirq! + steal!;
  return { busy, total: busy + idle! + iowait! };
}

function readProc(pid: number, file: string): string | null {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return null;
  }
}

/** The pid and every descendant pid of it (cluster workers are children of the primary). */
function processTree(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readProc(Number(name), 'stat');
    const ppid = stat ? Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) : NaN;
    if (Number.isFinite(ppid)) parents.set(ppid, [...(parents.get(ppid) ?? []), Number(name)]);
  }
  const out: number[] = [];
  const queue = [pid];
  while (queue.length) {
    const p = queue.shift()!;
    out.push(p);
    queue.push(...(parents.get(p) ?? []));
  }
  return out;
}

function cpuMsOf(pid: number): number {
  const stat = readProc(pid, 'stat');
  if (!stat) return 0;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After "pid (comm) ": state ppid ... utime is field 14, stime 15 (1-based over the whole line).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

function kbField(pid: number, field: string): number {
  const status = readProc(pid, 'status');
  const kb = status ? new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] : undefined;
  return kb ? Number(kb) : 0;
}

/** The shop's built server entry: `node dist/server/entry.mjs` (or DIST_DIR's), as `npm start` runs it. */
export const shopEntry = (root: string) => path.resolve(root, process.env.DIST_DIR || 'dist', 'server/entry.mjs');

/**
 * Starts `entry` on `port` with `env` (added to this process's environment) and Node `flags`
 * (pinned to `cpus`, a `taskset` CPU list, when given; in `cwd`, default this process's), and
 * resolves once `readyPath` answers 200 (rejects after `readyTimeoutMs` or when it exits).
 */
export async function startBenchServer({
  entry,
  port,
  env,
  flags,
  readyPath = '/readyz',
  cpus,
  cwd,
  readyTimeoutMs = 180_000,
}: {
  entry: string;
  port: number;
  env: Record<string, string>;
  flags: string[];
  readyPath?: string;
  cpus?: string;
  cwd?: string;
  readyTimeoutMs?: number;
}): Promise<BenchServer> {
  const base = `http://127.0.0.1:${port}`;
  const command = [process.execPath, ...flags, entry];
  const childEnv: Record<string, string | undefined> = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    ASTRO_NODE_LOGGING: 'disabled',
    SITE_URL: base,
    ...env,
  };
  // The entry listens by itself (the adapter's switch must not be left off by a caller).
  delete childEnv.ASTRO_NODE_AUTOSTART;
  const options: SpawnOptions = { env: childEnv, cwd, stdio: ['ignore', 'inherit', 'inherit'] };
  const child = cpus
    ? spawn('taskset', ['-c', cpus, ...command], options)
    : spawn(command[0]!, command.slice(1), options);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`${entry} was not ready within ${readyTimeoutMs / 1000} s`);
    if (
      await fetch(`${base}${readyPath}`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const pid = child.pid!;
  return {
    base,
    process: child,
    cpuMs: () => processTree(pid).reduce((sum, p) => sum + cpuMsOf(p), 0),
    memoryMb: () => {
      const pids = processTree(pid);
      const mb = (field: string) => Math.round(pids.reduce((sum, p) => sum + kbField(p, field), 0) / 1024);
      return { rss: mb('VmRSS'), peak: mb('VmHWM'), processes: pids.length };
    },
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
