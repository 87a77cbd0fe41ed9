/**
 * Delivery areas: the shop delivers to a fixed list (one entry, Thrissur); the
 * navigation bar's location label is the first active entry.
 */
import { asc, eq } from 'drizzle-orm';
import { memoPerDatabase } from '#lib/cache/shared-cache.ts';
import type { Database } from '#lib/db/index.ts';
import { deliveryAreas } from '#lib/db/schema.ts';

/** A delivery area as the storefront shows it: id, name. */
export interface DeliveryArea {
  id: number;
  name: string;
}

/** Active delivery areas, in the order they were added. */
export async function listDeliveryAreas(db: Database): Promise<DeliveryArea[]> {
  return db
    .select({ id: deliveryAreas.id, name: deliveryAreas.name })
    .from(deliveryAreas)
    .where(eq(deliveryAreas.isActive, true))
    .orderBy(asc(deliveryAreas.id));
}

/** The first active delivery area (the navbar's location label), or null; reused for 30 s. */
export const firstDeliveryArea = memoPerDatabase(30_000, async (db: Database): Promise<DeliveryArea | null> => {
  const [area] = await db
    .select({ id: deliveryAreas.id, name: deliveryAreas.name })
    .from(deliveryAreas)
    .where(eq(deliveryAreas.isActive, true))
    .orderBy(asc(deliveryAreas.id))
    .limit(1);
  return area ?? null;
});
