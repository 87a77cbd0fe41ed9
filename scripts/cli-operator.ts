/**
 * Who runs a command-line tool, for the audit log: every tool that changes the shop's data
 * (staff, orders, catalog:import) takes `--operator NAME` (or `--operator=NAME`) and writes its
 * entries as "Command line: NAME"; without it, as the OS user and host (`user@host`). ADR 0117.
 */
import os from 'node:os';
import { commandLineActor, type StaffActor } from '#lib/http/staff-session.ts';

/** Longest operator name kept, in characters. */
const MAX_OPERATOR = 80;

/** The OS user and host running this process, e.g. `asha@shop-1`. */
function osOperator(): string {
  let user = process.env.USER || process.env.LOGNAME || '';
  try {
    user = os.userInfo().username || user;
  } catch {
    // No passwd entry for the uid (e.g. some containers): the environment's name, if any.
  }
  return `${user || `uid ${process.getuid?.() ?? '?'}`}@${os.hostname()}`;
}

/**
 * `args` without `--operator NAME`, and the actor it names. An empty or over-long name, or a
 * name with control characters, ends the tool with exit code 2 and `usage`.
 */
export function takeOperator(args: string[], usage: string): { args: string[]; actor: StaffActor } {
  const rest: string[] = [];
  let named: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--operator') named = args[++i] ?? '';
    else if (arg.startsWith('--operator=')) named = arg.slice('--operator='.length);
    else rest.push(arg);
  }
  if (named !== undefined) {
    named = named.trim();
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
    if (!named || named.length > MAX_OPERATOR || /[\u0000-\u001f\u007f]/.test(named)) {
      console.error(`--operator takes a name of 1 to ${MAX_OPERATOR} characters.\n${usage}`);
      process.exit(2);
    }
  }
  return { args: rest, actor: commandLineActor(named ?? osOperator()) };
}
