/**
 * Storing a cart line's "if out of stock" choice, scoped by the session's customer:
 * another customer's line is not found (404). Setting the same value twice changes nothing.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '#lib/db/index.ts';
import { cartItems } from '#lib/db/schema.ts';
import { notFound } from '#lib/http/envelope.ts';
import { CART_MESSAGES } from '../rules.ts';
import type { Substitution } from '../substitution.ts';

/** Sets (or, with null, clears) the choice of one of the customer's cart lines; 404 when the line is not theirs. */
export async function setLineSubstitution(
  db: Database,
  customerId: number,
  cartId: number,
  substitution: Substitution | null,
): Promise<void> {
  const updated = await db
    .update(cartItems)
    .set({ substitution })
    .where(and(eq(cartItems.id, cartId), eq(cartItems.customerId, customerId)))
    .returning({ id: cartItems.id });
  if (updated.length === 0) throw notFound(CART_MESSAGES.lineNotFound);
}
