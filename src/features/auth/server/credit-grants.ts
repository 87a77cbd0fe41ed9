/**
 * The numbers that were ever given a credit line (credit_grants), remembered by an HMAC of the
 * E.164 number only, and kept when the account is deleted (docs/adr/0058): a number gets the
 * new-customer credit line once, however often it signs up again.
 */
import { createHmac } from 'node:crypto';
import { getConfig } from '#lib/config.ts';
import type { Database, Transaction } from '#lib/db/index.ts';
import { creditGrants } from '#lib/db/schema.ts';

/** HMAC-SHA-256 (hex) of an E.164 number under CREDIT_GRANT_HASH_KEY. */
export function creditGrantHash(phone: string): string {
  return createHmac('sha256', getConfig().CREDIT_GRANT_HASH_KEY).update(phone.trim()).digest('hex');
}

/**
 * Records that `phone` is given a credit line of `limitPaise`; true when this is its first,
 * false when the number had one before (the caller then gives none). Atomic under concurrency:
 * of two sign-ups racing on one number, one records it.
 */
export async function recordCreditGrant(
  db: Database | Transaction,
  phone: string,
  limitPaise: number,
): Promise<boolean> {
  const rows = await db
    .insert(creditGrants)
    .values({ phoneHash: creditGrantHash(phone), limitPaise })
    .onConflictDoNothing()
    .returning({ phoneHash: creditGrants.phoneHash });
  return rows.length > 0;
}
