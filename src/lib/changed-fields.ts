/**
 * The fields an edit changed, for an audit entry's before and after (src/lib/db/audit.ts): a
 * staff member's edit records what it changed, not the whole record.
 */

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
