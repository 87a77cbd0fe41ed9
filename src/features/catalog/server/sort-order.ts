/**
 * Moving a row one place up or down in a list staff order by hand (categories, a category's
 * subcategories, banners, home rails): every such table has `id`, `sort_order` and `updated_at`.
 */
import { asc, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { recordAudit } from '#lib/db/audit.ts';
import type { Database } from '#lib/db/index.ts';
import { AppError } from '#lib/http/envelope.ts';
import type { StaffActor } from '#lib/http/staff-session.ts';
import { TAXONOMY_MESSAGES } from '../taxonomy-rules.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Which way a row moves. */
export type Direction = 'up' | 'down';

/**
 * The new order of `ids` (in display order) with `id` one place up or down, or null when it is
 * already at that end (or not in the list).
 */
export function moved(ids: number[], id: number, direction: Direction): number[] | null {
  const at = ids.indexOf(id);
  const to = direction === 'up' ? at - 1 : at + 1;
  if (at < 0 || to < 0 || to >= ids.length) return null;
  const out = [...ids];
  [out[at], out[to]] = [out[to]!, out[at]!];
  return out;
}

/** A hand-ordered list: its table and columns, the rows it holds (`where`), how the audit log names it. */
export interface OrderedList {
  table: PgTable & { id: PgColumn; sortOrder: PgColumn; updatedAt: PgColumn };
  /** Only these rows make the list (a category's subcategories); all rows when absent. */
  where?: SQL;
  /** The audit entry's action and record type, e.g. 'banner.move' and 'banner'. */
  action: string;
  recordType: string;
  /** The 404's message when `id` is not in the list. */
  notFound: string;
}

/**
 * Moves row `id` one place in `list`, within `tx`: locks the list's rows, writes `sort_order` =
 * position for each row whose position changed (rows that shared one, as imports leave them,
 * each get their own) with `updated_at` refreshed, so the storefront's check sees the new order,
 * and records the move. Errors: 404 not in the list; 409 already first or last.
 */
export async function moveOnePlace(
  tx: Tx,
  list: OrderedList,
  id: number,
  direction: Direction,
  actor: StaffActor,
): Promise<void> {
  const { table } = list;
  const rows = await tx
    .select({ id: table.id, sortOrder: table.sortOrder })
    .from(table)
    .where(list.where)
    .orderBy(asc(table.sortOrder), asc(table.id))
    .for('update');
  if (!rows.some((r) => r.id === id)) throw new AppError('not_found', list.notFound);
  const order = moved(
    rows.map((r) => r.id as number),
    id,
    direction,
  );
  if (!order) throw new AppError('conflict', TAXONOMY_MESSAGES.cannotMove);
  const current = new Map(rows.map((r) => [r.id as number, r.sortOrder as number]));
  for (const [position, rowId] of order.entries())
    if (current.get(rowId) !== position)
      await tx.execute(
        sql`UPDATE ${table} SET sort_order = ${position}, updated_at = now() WHERE ${table.id} = ${rowId}`,
      );
  await recordAudit(tx, actor, {
    action: list.action,
    record: { type: list.recordType, id },
    before: { position: rows.findIndex((r) => r.id === id) + 1 },
    after: { position: order.indexOf(id) + 1 },
  });
}
