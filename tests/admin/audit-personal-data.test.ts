/**
 * What the audit log keeps of people, on each database kind: staff look up a customer with a
 * known name, mobile, e-mail and address, adjust her credit and points, pick a line lighter
 * (a refund of the difference) and cancel her order (a refund of the rest); the entries name her
 * by id only, in the database and as the back office's API reads them. Staff are named by id
 * too: the audit page reads the member's name from `staff`.
 */
import { and, asc, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { deleteAccount } from '#features/account/server/account-deletion.ts';
import { findCustomers, getAdminCustomer } from '#features/account/server/admin-customers.ts';
import { adjustCredit, adjustPoints } from '#features/account/server/balance-adjustments.ts';
import { addAddress } from '#features/addresses/server/addresses.ts';
import { listAudit } from '#features/admin/server/audit.ts';
import { addStaff, changeStaffRole } from '#features/admin/server/staff.ts';
import { addToCart } from '#features/cart/server/cart.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { setPickedAmount } from '#features/fulfilment/server/packing.ts';
import { cancelOrderAsStaff } from '#features/fulfilment/server/staff-orders.ts';
import { placeOrder } from '#features/orders/server/place-order.ts';
import { quoteOrder } from '#features/orders/server/quote.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { auditLog, customers, orderItems, products } from '#lib/db/schema.ts';
import type { StaffActor } from '#lib/http/staff-session.ts';
import { THRISSUR_ADDRESS } from '../helpers/addresses.ts';
import { ApiClient } from '../helpers/api.ts';
import { TEST_ACTOR } from '../helpers/audit.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';
import { DEMO_STAFF_PHONE, staffClient, stockedProduct } from './staff-helpers.ts';

const CUSTOMER = { name: 'Sreelakshmi Varghese', phone: '+919847055501', email: 'sreelakshmi.v@example.com' };
const ADDRESS = { ...THRISSUR_ADDRESS, name: CUSTOMER.name, mobile: CUSTOMER.phone, street: 'Kuruppam Road' };
/** What must not appear in any entry: her name, her mobile as stored and as typed, her e-mail, her street. */
const PERSONAL = [CUSTOMER.name, 'Varghese', CUSTOMER.phone, '9847055501', CUSTOMER.email, ADDRESS.street];

describe.each(testDatabaseKinds())('personal data in the audit log on %s', (kind) => {
  let handle: DatabaseHandle;
  let manager: StaffActor;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await seedDemoShop(handle.db);
    const member = await addStaff(
      handle.db,
      { name: 'Devika Pillai', mobile: '+919447055502', role: 'manager' },
      TEST_ACTOR,
    );
    manager = { staffId: member.id, name: member.name, role: member.role, requestId: 'req-audit-1' };
  });
  afterAll(async () => handle?.close());

  it('names the customer by id only, whatever staff did to her account and order', async () => {
    const db = handle.db;
    const [kilo] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.isActive, true), gte(products.pricePaise, 1000)))
      .orderBy(asc(products.id))
      .limit(1);
    await db.update(products).set({ weight: 1, weightUnit: 'kg', stock: 1000 }).where(eq(products.id, kilo!.id));
    const [customer] = await db
      .insert(customers)
      .values({ ...CUSTOMER, creditLimitPaise: 500_000, creditBalancePaise: 500_000, pointsBalance: 40 })
      .returning();
    const id = customer!.id;
    const address = await addAddress(db, id, ADDRESS);
    await addToCart(db, id, kilo!.id, 1);
    const quote = await quoteOrder(db, id, { points: 0 });
    const { order } = await placeOrder(db, id, {
      addressId: address.id,
      paymentMode: 'Credit',
      paidAmountPaise: quote.paidAmountPaise,
      points: 0,
    });
    const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const [{ id: mark } = { id: 0 }] = await db.select({ id: auditLog.id }).from(auditLog).orderBy(asc(auditLog.id));

    // The look-up, by mobile as staff type it and by name, and her page.
    expect((await findCustomers(db, '98470 55501')).map((c) => c.id)).toEqual([id]);
    expect((await findCustomers(db, 'Sreelakshmi')).map((c) => c.id)).toEqual([id]);
    expect((await getAdminCustomer(db, id)).name).toBe(CUSTOMER.name);
    // Adjustments, a lighter pick (its difference back on her credit line) and a cancellation.
    await adjustCredit(
      db,
      id,
      { amount_paise: -5000, reason: 'Repaid in cash', idempotency_key: 'pd-credit-0001' },
      manager,
    );
    await adjustPoints(db, id, { points: 10, reason: 'Late delivery', idempotency_key: 'pd-points-0001' }, manager);
    expect((await setPickedAmount(db, order.id, line!.id, 0.8, manager)).refundPaise).toBeGreaterThan(0);
    await cancelOrderAsStaff(db, order.id, 'Out of stock at packing', manager);

    const entries = await db.select().from(auditLog).orderBy(asc(auditLog.id));
    const written = entries.filter((e) => e.id > mark);
    expect(written.map((e) => e.action)).toEqual([
      'customer.credit_adjust',
      'customer.points_adjust',
      'order.line_picked',
      'order.cancelled',
    ]);
    expect(written.map((e) => [e.recordType, e.recordId])).toEqual([
      ['customer', String(id)],
      ['customer', String(id)],
      ['order', String(order.id)],
      ['order', String(order.id)],
    ]);
    const json = JSON.stringify(entries);
    for (const text of PERSONAL) expect(json).not.toContain(text);
  });

  it('deletes an account with entries about it and leaves every entry as it was', async () => {
    const db = handle.db;
    const [customer] = await db.insert(customers).values({ name: 'Nimmy Joseph', phone: '+919847055504' }).returning();
    await adjustPoints(
      db,
      customer!.id,
      { points: 5, reason: 'Welcome back', idempotency_key: 'pd-del-0001' },
      manager,
    );
    const before = await db.select().from(auditLog).orderBy(asc(auditLog.id));
    await deleteAccount(db, customer!.id);
    expect(await db.select().from(auditLog).orderBy(asc(auditLog.id))).toEqual(before);
    expect(before.at(-1)).toMatchObject({ action: 'customer.points_adjust', recordId: String(customer!.id) });
  });

  it('names staff by id, and the audit page shows the member’s name of today', async () => {
    const db = handle.db;
    const packer = await addStaff(db, { name: 'Joseph Kurian', mobile: '+919447055503', role: 'packer' }, manager);
    await changeStaffRole(db, packer.id, 'rider', manager);
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'staff'), eq(auditLog.recordId, String(packer.id))))
      .orderBy(asc(auditLog.id));
    expect(rows.map((r) => [r.action, r.staffName, r.before, r.after])).toEqual([
      ['staff.added', null, null, { role: 'packer' }],
      ['staff.role_changed', null, { role: 'packer' }, { role: 'rider' }],
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/Joseph|Kurian|9447055503|Devika/);

    const { entries } = await listAudit(db, { recordType: 'staff', recordId: String(packer.id) });
    expect(entries.map((e) => [e.action, e.staffName, e.recordName])).toEqual([
      ['staff.role_changed', 'Devika Pillai', 'Joseph Kurian'],
      ['staff.added', 'Devika Pillai', 'Joseph Kurian'],
    ]);
    // An actor without a staff row keeps the name it acted under.
    const [first] = (await listAudit(db, { recordType: 'staff' })).entries.slice(-1);
    expect(first).toMatchObject({ action: 'staff.added', staffId: null, staffName: TEST_ACTOR.name });
  });
});

describe.each(inject('servers'))('personal data in the audit log over HTTP on $kind', ({ baseUrl }) => {
  it('names the customer by id only after staff looked her up, adjusted her account and cancelled her order', async () => {
    const person = {
      name: 'Anjali Kuriakose',
      phone: `+91984706${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`,
      email: 'anjali.kuriakose@example.com',
    };
    const customer = new ApiClient(baseUrl);
    await customer.signUp(person.phone, person.name, person.email);
    const street = 'Kokkalai Junction Road';
    const address = await customer.post('/api/customer/add-address', {
      json: { ...THRISSUR_ADDRESS, name: person.name, mobile: person.phone, street },
    });
    const product = await stockedProduct(baseUrl);
    await customer.post('/api/customer/add-product', { multipart: { product_id: String(product.id), qty: '1' } });
    const summary = (await customer.get('/api/customer/checkout-summary')).body.data.summary;
    const placed = await customer.post('/api/customer/place-order', {
      json: {
        address_id: address.body.data.address.id,
        payment_mode: 'cod',
        paid_amount: summary.paid_amount,
        points: '0',
      },
    });
    expect(placed.status).toBe(201);
    const orderId = placed.body.data.order.id;

    const owner = await staffClient(baseUrl, DEMO_STAFF_PHONE.owner);
    const manager = await staffClient(baseUrl, DEMO_STAFF_PHONE.manager);
    const packer = await staffClient(baseUrl, DEMO_STAFF_PHONE.packer);
    const local = person.phone.slice(3);
    // A look-up refused to a packer is an entry too: it must not keep what was typed.
    expect((await packer.get(`/api/admin/customers?q=${local}`)).status).toBe(403);
    const found = await manager.get(`/api/admin/customers?q=${encodeURIComponent(person.name)}`);
    const id = found.body.data.customers.find((c: { phone: string }) => c.phone === person.phone).id;
    expect((await manager.get(`/api/admin/customers?q=${local}`)).body.data.customers).toHaveLength(1);
    expect((await manager.get(`/api/admin/customers/${id}`)).status).toBe(200);
    const points = await manager.post(`/api/admin/customers/${id}/points`, {
      json: { points: 25, reason: 'Sorry for the wait', idempotency_key: `pd-http-${id}-points` },
    });
    expect(points.status).toBe(200);
    expect(
      (await manager.post(`/api/admin/orders/${orderId}/cancel`, { json: { reason: 'Slot missed' } })).status,
    ).toBe(200);

    const onCustomer = await owner.get(`/api/admin/audit?record_type=customer&record_id=${id}`);
    expect(onCustomer.body.data.entries.map((e: { action: string }) => e.action)).toContain('customer.points_adjust');
    const onOrder = await owner.get(`/api/admin/audit?record_type=order&record_id=${orderId}`);
    expect(onOrder.body.data.entries.map((e: { action: string }) => e.action)).toContain('order.cancelled');
    const packerId = (await packer.get('/api/admin/me')).body.data.staff.id;
    const byPacker = await owner.get(`/api/admin/audit?staff_id=${packerId}`);
    expect(byPacker.body.data.entries.map((e: { action: string }) => e.action)).toContain('permission.denied');
    const json = JSON.stringify([onCustomer.body, onOrder.body, byPacker.body]);
    for (const text of [person.name, 'Kuriakose', person.phone, local, person.email, street])
      expect(json).not.toContain(text);
  });
});
