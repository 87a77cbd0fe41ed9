/**
 * Account deletion on a fresh database of each kind: afterwards no
 * table holds the customer's name, email or phone — checked over every text and JSON column of
 * every table —, orders stay for the books, sessions are revoked and the phone can sign up again.
 */

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteAccount } from '#features/account/server/account-deletion.ts';
import { updateProfile } from '#features/account/server/profile.ts';
import { addAddress } from '#features/addresses/server/addresses.ts';
import { completeOtpLogin, startLogin, startSignup } from '#features/auth/server/otp.ts';
import { customerForToken } from '#features/auth/server/session.ts';
import { addToCart } from '#features/cart/server/cart.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { placeOrder } from '#features/orders/server/place-order.ts';
import { quoteOrder } from '#features/orders/server/quote.ts';
import { cancelOrder } from '#features/orders/server/status.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { customers, orders, products, wishlistItems } from '#lib/db/schema.ts';
import { formatPaise } from '#lib/money.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

/** Rows of any table whose text or JSON columns contain one of `needles`, as "table.column". */
async function tablesHolding(handle: DatabaseHandle, needles: string[]): Promise<string[]> {
  const columns = await handle.db.execute<{ table_name: string; column_name: string }>(sql`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND data_type IN ('text', 'character varying', 'character', 'jsonb', 'json')`);
  const rows = 'rows' in columns ? columns.rows : (columns as unknown as { table_name: string; column_name: string }[]);
  expect(rows.length).toBeGreaterThan(20);
  const found: string[] = [];
  for (const { table_name, column_name } of rows) {
    for (const needle of needles) {
      const hit = await handle.db.execute(
        sql`SELECT 1 FROM ${sql.identifier(table_name)} WHERE lower(${sql.identifier(column_name)}::text) LIKE ${`%${needle.toLowerCase()}%`} LIMIT 1`,
      );
      const hitRows = 'rows' in hit ? hit.rows : (hit as unknown as unknown[]);
      if (hitRows.length) found.push(`${table_name}.${column_name}`);
    }
  }
  return found;
}

describe.each(testDatabaseKinds())('account deletion on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await seedDemoShop(handle.db);
  });
  afterAll(async () => handle?.close());

  it('leaves no personal data in any table, keeps the orders, and frees the phone', async () => {
    const db = handle.db;
    const phone = '+919812340001';
    const name = 'Zebulon Quartermaine';
    const email = 'zebulon.q@example.test';
    const sent = await startSignup(db, { name, email, mobile: phone });
    const { token, customer } = await completeOtpLogin(db, phone, sent.demoCode!);
    // A second login leaves another OTP and throttle rows under the phone.
    await startLogin(db, phone);
    // A pending phone change leaves an OTP to another number.
    await updateProfile(db, customer.id, { name, email, mobile: '+919812340002' });

    const [product] = await db
      .select()
      .from(products)
      .where(sql`${products.stock} > 10 AND ${products.isActive}`)
      .limit(1);
    const address = await addAddress(db, customer.id, {
      type: 'home',
      name,
      mobile: phone,
      building_num: 'Quartermaine House',
      street: 'Round North',
      landmark: null,
      city: 'Thrissur',
      po_box: '680001',
      latitude: 10.52,
      longitude: 76.21,
    });
    await addToCart(db, customer.id, product!.id, 1);
    const quote = await quoteOrder(db, customer.id);
    const { order } = await placeOrder(db, customer.id, {
      addressId: address.id,
      paymentMode: 'Credit',
      paidAmountPaise: quote.paidAmountPaise,
      points: 0,
      customerNote: `Call ${name} at ${phone}`,
    });
    await addToCart(db, customer.id, product!.id, 1);
    await db.insert(wishlistItems).values({ customerId: customer.id, productId: product!.id });

    expect(await tablesHolding(handle, [name, email, phone])).not.toEqual([]);
    // Credit owed stops the deletion, saying how much and what to do; cancelling the order pays it back.
    await expect(deleteAccount(db, customer.id)).rejects.toMatchObject({
      code: 'unprocessable',
      message: `You have ${formatPaise(quote.paidAmountPaise)} of credit to pay. Please pay the outstanding amount, or contact us on +91 487 242 0000, before deleting your account.`,
    });
    await cancelOrder(db, customer.id, order.id);
    await deleteAccount(db, customer.id);
    expect(await tablesHolding(handle, [name, email, phone, 'Quartermaine'])).toEqual([]);
    // The number it sent a phone-change code to keeps its throttle rows (they count SMS to it).
    expect(await tablesHolding(handle, ['9812340002'])).toEqual(['rate_limit_events.key']);

    expect(await customerForToken(db, token)).toBeNull();
    const [kept] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({
      customerId: customer.id,
      paidAmountPaise: quote.paidAmountPaise,
      status: 'cancelled',
      addressSnapshot: null,
      customerNote: null,
    });
    const [row] = await db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row).toMatchObject({ name: null, email: null, phone: null });
    expect(row!.deletedAt).toBeInstanceOf(Date);

    const again = await startSignup(db, { name: 'New Owner', email: 'new@example.test', mobile: phone });
    const fresh = await completeOtpLogin(db, phone, again.demoCode!);
    expect(fresh.created).toBe(true);
    expect(fresh.customer.id).not.toBe(customer.id);
    // The number had a credit line: the new account gets none.
    const [renewed] = await db.select().from(customers).where(eq(customers.id, fresh.customer.id));
    expect(renewed).toMatchObject({ creditLimitPaise: 0, creditBalancePaise: 0 });
  });
});
