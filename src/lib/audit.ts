/**
 * What a staff action records in the audit log, as the features that own the changed records
 * describe it. A feature's staff function takes an `AuditWriter` and calls it inside the
 * transaction that makes the change, so the entry and the change commit together or not at all;
 * the back office supplies the writer (who acted, with which role and request id).
 */
import type { Transaction } from './db/index.ts';

/** One change: what was done (`product.update`), to which record, and its values before and after. */
export interface AuditChange {
  action: string;
  /** The kind of record, e.g. `product`, `delivery_slot`, `promo_code`, `customer`. */
  entity: string;
  /** The record's id, e.g. `42` or `thrissur-central/2026-11-27T07:00`. */
  entityId: string;
  /** The changed fields as they were (null: the record did not exist). */
  before: Record<string, unknown> | null;
  /** The changed fields as they are now (null: the record is gone). */
  after: Record<string, unknown> | null;
}

/** Writes one audit entry in the caller's transaction. */
export type AuditWriter = (tx: Transaction, change: AuditChange) => Promise<void>;

/** Only the fields whose values differ between `before` and `after` (compared as JSON). */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    b[key] = before[key];
    a[key] = after[key];
  }
  return { before: b, after: a };
}
