/**
 * Deleting the customer's account (docs/account-rules.md#deleting-the-account). Deletion keeps the
 * shop's books and nothing personal: the customer row stays (orders and ledgers point at it) with
 * name, email and phone set to null; addresses, cart, wishlist, OTPs and the throttle rows keyed by
 * the account's own phone are deleted; orders keep their figures but lose the address snapshot and
 * the note; the order and complaint SMS rows lose the number they went to; every session is revoked. The phone is then free for a new sign-up, but a number that
 * had a credit line stays in credit_grants (as a keyed hash) and gets no new one. An account that
 * owes credit is not deleted (docs/adr/0058-credit-grants-after-deletion.md).
 */
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { recordCreditGrant } from '#features/auth/index.ts';
import { getConfig } from '#lib/config.ts';
import type { Database } from '#lib/db/index.ts';
import {
  addresses,
  cartItems,
  complaints,
  customers,
  orderNotifications,
  orders,
  otps,
  rateLimitEvents,
  sessions,
  wishlistItems,
} from '#lib/db/schema.ts';
import { AppError, notFound } from '#lib/http/envelope.ts';
import { creditOwedMessage } from '../rules.ts';

/**
 * Deletes the customer's account: revokes every session and removes the personal data while
 * the orders stay, anonymised, for the shop's books. Idempotent for an already deleted account.
 */
export async function deleteAccount(db: Database, customerId: number, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [customer] = await tx
      .select({
        phone: customers.phone,
        creditLimitPaise: customers.creditLimitPaise,
        creditBalancePaise: customers.creditBalancePaise,
      })
      .from(customers)
      .where(eq(customers.id, customerId))
      .for('update');
    if (!customer) throw notFound('Account not found.');
    const owedPaise = customer.creditLimitPaise - customer.creditBalancePaise;
    if (owedPaise > 0) throw new AppError('unprocessable', creditOwedMessage(owedPaise, getConfig().SHOP_PHONE));
    // A line given before grants were recorded (or set by the shop) is remembered too.
    if (customer.phone && customer.creditLimitPaise > 0)
      await recordCreditGrant(tx, customer.phone, customer.creditLimitPaise);
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.customerId, customerId), isNull(sessions.revokedAt)));
    await tx.delete(cartItems).where(eq(cartItems.customerId, customerId));
    await tx.delete(wishlistItems).where(eq(wishlistItems.customerId, customerId));
    await tx
      .update(orders)
      .set({ addressSnapshot: null, customerNote: null, addressId: null })
      .where(eq(orders.customerId, customerId));
    await tx.delete(addresses).where(eq(addresses.customerId, customerId));
    // The numbers the account's order and complaint SMS went to.
    await tx
      .update(orderNotifications)
      .set({ toPhone: null })
      .where(
        or(
          inArray(
            orderNotifications.orderId,
            tx.select({ id: orders.id }).from(orders).where(eq(orders.customerId, customerId)),
          ),
          inArray(
            orderNotifications.complaintId,
            tx.select({ id: complaints.id }).from(complaints).where(eq(complaints.customerId, customerId)),
          ),
        ),
      );
    // OTPs to the account's phone, and phone-change codes it sent to another number.
    const otpOwned = sql`${otps.payload} ->> 'customerId' = ${String(customerId)}`;
    await tx.delete(otps).where(customer.phone ? or(eq(otps.phone, customer.phone), otpOwned) : otpOwned);
    // Throttle rows keyed by the account's own phone (the phone, or `phone|ip`). Those of other
    // numbers stay, also of numbers this account sent phone-change codes to: they count SMS to
    // those numbers, and deleting an account must not reset them.
    if (customer.phone) {
      await tx
        .delete(rateLimitEvents)
        .where(
          or(
            eq(rateLimitEvents.key, customer.phone),
            sql`left(${rateLimitEvents.key}, ${customer.phone.length + 1}) = ${`${customer.phone}|`}`,
          ),
        );
    }
    await tx
      .update(customers)
      .set({ name: null, email: null, phone: null, phoneVerifiedAt: null, deletedAt: now })
      .where(eq(customers.id, customerId));
  });
}
