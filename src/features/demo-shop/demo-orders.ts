/**
 * Today's orders of the demo shop: a dozen Cash and Card orders from four demo customers across
 * today's delivery slots, in every status (placed, processed, out for delivery, delivered,
 * cancelled), some assigned to the demo rider, so a newcomer who signs in to the back office sees a
 * working board. Each takes its stock and its slot place as a real order does (a cancelled one
 * holds neither), and each move carries the audit entry of the demo staff member who made it, so
 * the order pages show who did what; a delivered one has its earned points credited. "Today" is
 * the day the demo shop is seeded.
 * Written inside seedDemoShop's transaction, only where the demo shop is seeded.
 */
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { deliveryConfig, shopInstant, shopTime } from '#features/delivery/index.ts';
import { creditEarnedPoints, pointsFor } from '#features/orders/index.ts';
import { recordAudit } from '#lib/db/audit.ts';
import * as schema from '#lib/db/schema.ts';
import type { Transaction } from '#lib/db/types.ts';
import type { StaffActor } from '#lib/http/staff-session.ts';

type Status = (typeof schema.ORDER_STATUSES)[number];

/** The demo's other customers (their phones are nobody's: with a real SMS gateway no one signs in as them). */
const CUSTOMERS = [
  { name: 'Joseph Kurian', phone: '+919447000201', street: 'Patturaikkal', pin: '680022' },
  { name: 'Fathima Salim', phone: '+919447000202', street: 'MG Road', pin: '680001' },
  { name: 'Vineeth Prakash', phone: '+919447000203', street: 'Poothole', pin: '680004' },
  { name: 'Meera Raghavan', phone: '+919447000204', street: 'Ollur Road', pin: '680306' },
];

/** Each order: customer, status, payment mode, which zone (0 central, 1 outer) and window, lines (product index, qty). */
const ORDERS: {
  c: number;
  status: Status;
  mode: 'Cash' | 'Card';
  zone: 0 | 1;
  window: number;
  lines: [number, number][];
  rider?: true;
  reason?: string;
}[] = [
  {
    c: 0,
    status: 'delivered',
    mode: 'Cash',
    zone: 0,
    window: 0,
    lines: [
      [0, 2],
      [3, 1],
    ],
    rider: true,
  },
  { c: 1, status: 'delivered', mode: 'Card', zone: 0, window: 0, lines: [[5, 1]], rider: true },
  {
    c: 2,
    status: 'out_for_delivery',
    mode: 'Cash',
    zone: 0,
    window: 1,
    lines: [
      [1, 1],
      [7, 2],
      [9, 1],
    ],
    rider: true,
  },
  { c: 3, status: 'out_for_delivery', mode: 'Cash', zone: 1, window: 0, lines: [[2, 1]], rider: true },
  {
    c: 0,
    status: 'processed',
    mode: 'Card',
    zone: 0,
    window: 2,
    lines: [
      [4, 1],
      [6, 1],
    ],
    rider: true,
  },
  { c: 1, status: 'processed', mode: 'Cash', zone: 0, window: 2, lines: [[8, 2]] },
  {
    c: 2,
    status: 'processed',
    mode: 'Cash',
    zone: 0,
    window: 3,
    lines: [
      [10, 1],
      [11, 1],
    ],
  },
  {
    c: 3,
    status: 'placed',
    mode: 'Cash',
    zone: 1,
    window: 1,
    lines: [
      [12, 1],
      [0, 1],
    ],
  },
  { c: 0, status: 'placed', mode: 'Card', zone: 0, window: 3, lines: [[13, 2]] },
  {
    c: 1,
    status: 'placed',
    mode: 'Cash',
    zone: 0,
    window: 4,
    lines: [
      [14, 1],
      [2, 1],
      [5, 1],
    ],
  },
  {
    c: 2,
    status: 'cancelled',
    mode: 'Cash',
    zone: 0,
    window: 4,
    lines: [[15, 1]],
    reason: 'Customer asked to cancel by phone',
  },
  { c: 3, status: 'cancelled', mode: 'Cash', zone: 1, window: 1, lines: [[1, 2]] },
];

const STEPS: Status[] = ['processed', 'out_for_delivery', 'delivered'];

/** Adds the demo's today orders; `staff` are the demo staff by role (for the audit entries and the rider). */
export async function seedDemoOrders(
  tx: Transaction,
  staff: Record<'manager' | 'packer' | 'rider', { id: number; name: string }>,
): Promise<void> {
  const zones = deliveryConfig().zones;
  const products = await tx
    .select()
    .from(schema.products)
    .where(gte(schema.products.stock, 20))
    .orderBy(asc(schema.products.id))
    .limit(16);
  if (products.length < 16 || zones.length === 0) return;
  const now = new Date();
  const today = shopTime(now).date;
  const customers = [];
  for (const c of CUSTOMERS) {
    const [row] = await tx
      .insert(schema.customers)
      .values({ name: c.name, phone: c.phone, phoneVerifiedAt: now })
      .returning({ id: schema.customers.id });
    customers.push({ ...c, id: row!.id });
  }
  const actor = (role: keyof typeof staff): StaffActor => ({
    staffId: staff[role].id,
    name: staff[role].name,
    role,
    requestId: null,
  });
  for (const [i, o] of ORDERS.entries()) {
    const zone = zones[Math.min(o.zone, zones.length - 1)]!;
    const windows = zone.template.windows;
    const w = windows[o.window % windows.length]!;
    const customer = customers[o.c]!;
    const lines = o.lines.map(([p, qty]) => ({ product: products[p]!, qty }));
    const subtotal = lines.reduce((s, l) => s + l.product.pricePaise * l.qty, 0);
    const fee = subtotal >= zone.freeFromPaise ? 0 : zone.feePaise;
    // Placed over the last few hours, oldest first; each later step a few minutes after the one before.
    const createdAt = new Date(now.getTime() - (ORDERS.length - i) * 20 * 60_000);
    const at = (step: number) => new Date(createdAt.getTime() + step * 5 * 60_000);
    const reached = STEPS.indexOf(o.status) + 1; // steps done: 0 placed … 3 delivered
    const paid = o.status === 'delivered';
    const [order] = await tx
      .insert(schema.orders)
      .values({
        customerId: customer.id,
        addressSnapshot: {
          name: customer.name,
          mobile: customer.phone,
          building_num: `${10 + i}/2`,
          street: customer.street,
          landmark: null,
          city: 'Thrissur',
          po_box: customer.pin,
          latitude: null,
          longitude: null,
        },
        status: o.status,
        paymentMode: o.mode,
        paymentStatus: paid ? 'paid' : 'unpaid',
        subtotalPaise: subtotal,
        deliveryFeePaise: fee,
        paidAmountPaise: subtotal + fee,
        pointsEarned: o.status === 'cancelled' ? 0 : pointsFor(subtotal + fee),
        substitution: 'replace',
        customerNote: i % 4 === 0 ? 'Please call on arrival' : null,
        deliveryZoneId: zone.id,
        deliverySlotId: `${today}T${w.start}`,
        deliverySlotStart: shopInstant(today, w.start),
        deliverySlotEnd: shopInstant(today, w.end),
        riderId: o.rider ? staff.rider.id : null,
        cancelReason: o.reason ?? null,
        createdAt,
        processedAt: reached >= 1 ? at(1) : null,
        outForDeliveryAt: reached >= 2 ? at(2) : null,
        deliveredAt: reached >= 3 ? at(3) : null,
        cancelledAt: o.status === 'cancelled' ? at(1) : null,
      })
      .returning({ id: schema.orders.id });
    const orderId = order!.id;
    await tx.insert(schema.orderItems).values(
      lines.map((l) => ({
        orderId,
        productId: l.product.id,
        productName: l.product.name,
        qty: l.qty,
        unitPricePaise: l.product.pricePaise,
        mrpPaise: l.product.mrpPaise,
        taxPercent: Number(l.product.taxPercent),
        hsnCode: l.product.hsnCode,
        weight: l.product.weight,
        weightUnit: l.product.weightUnit,
        totalAmountPaise: l.product.pricePaise * l.qty,
        substitution: 'replace' as const,
      })),
    );
    if (o.status !== 'cancelled') {
      for (const l of lines) {
        await tx
          .update(schema.products)
          .set({ stock: sql`${schema.products.stock} - ${l.qty}` })
          .where(and(eq(schema.products.id, l.product.id), gte(schema.products.stock, l.qty)));
        await tx
          .insert(schema.stockMovements)
          .values({ productId: l.product.id, delta: -l.qty, reason: 'order', orderId });
      }
      await tx
        .insert(schema.deliverySlotUsage)
        .values({ zoneId: zone.id, slotId: `${today}T${w.start}`, used: 1 })
        .onConflictDoUpdate({
          target: [schema.deliverySlotUsage.zoneId, schema.deliverySlotUsage.slotId],
          set: { used: sql`${schema.deliverySlotUsage.used} + 1` },
        });
    }
    const record = { type: 'order', id: orderId };
    for (const [n, step] of STEPS.slice(0, reached).entries()) {
      const before = n === 0 ? 'placed' : STEPS[n - 1]!;
      await recordAudit(tx, actor(step === 'processed' ? 'packer' : 'rider'), {
        action: `order.${step}`,
        record,
        before: { status: before },
        after: { status: step },
      });
    }
    if (o.reason)
      await recordAudit(tx, actor('manager'), {
        action: 'order.cancelled',
        record,
        before: { status: 'placed' },
        after: { status: 'cancelled', reason: o.reason },
      });
    // A delivered one has earned its points, credited as delivery credits them, once.
    if (o.status === 'delivered') await creditEarnedPoints(tx, orderId, at(3));
  }
}
