/**
 * Setup notices: what an operator still has to set before the shop is complete (a missing
 * setting, an SMS message with no registered template, products whose declarations have gaps).
 * Features register a check through the server's wiring (src/server/wiring.ts); the back office's
 * page shell (AdminLayout) shows each notice that applies as a banner to the staff whose role may
 * act on it. Checks are cheap (settings read once, or a counted query) and never throw: a check
 * that fails is left out of the banner and logged.
 */
import type { Database } from './db/types.ts';
import type { Permission } from './http/permissions.ts';
import { logger } from './log.ts';

export interface SetupNotice {
  /** One sentence: what is missing and what it stops, e.g. "SHOP_LEGAL_NAME is not set: …". */
  message: string;
  /** Where the staff member fixes it, when a back-office page does: its address and link text. */
  link?: { href: string; text: string };
  /** The permission a staff member needs to see it. */
  permission: Permission;
}

/** A check: the notices that apply now (none when all is set). */
export type SetupNoticeCheck = (db: Database) => Promise<SetupNotice[]> | SetupNotice[];

const checks: SetupNoticeCheck[] = [];

/** Registers a check (the server's wiring, at start-up). */
export function registerSetupNotices(check: SetupNoticeCheck): void {
  checks.push(check);
}

/** Every notice that applies now, in the order the checks were registered. */
export async function setupNotices(db: Database): Promise<SetupNotice[]> {
  const all: SetupNotice[] = [];
  for (const check of checks) {
    try {
      all.push(...(await check(db)));
    } catch (err) {
      logger.warn({ err }, 'a setup notice check failed; its notice is left out');
    }
  }
  return all;
}
