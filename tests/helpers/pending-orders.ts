/**
 * Online orders awaiting payment, written straight into the database for the payments job's
 * tests (placing hundreds through checkout would only slow them): each with its gateway order
 * on the given fake gateway, created `ageMs` ago plus one second per order, oldest first.
 */
import type { Database } from '#lib/db/index.ts';
import { customers, orders } from '#lib/db/schema.ts';
import type { FakeGateway } from './fake-gateway.ts';

/** What a job's gateway calls are counted by: the gateway order id of each pending order. */
export interface PendingOrder {
  id: number;
  gatewayOrderId: string;
  createdAt: Date;
}

export async function insertPendingOrders(
  db: Database,
  gateway: FakeGateway,
  count: number,
  now: Date,
  ageMs: number,
): Promise<PendingOrder[]> {
  const [c] = await db
    .insert(customers)
    .values({ name: 'Pending', phone: `+9192${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` })
    .returning();
  const made: PendingOrder[] = [];
  for (let i = 0; i < count; i++) {
    const createdAt = new Date(now.getTime() - ageMs - (count - i) * 1000);
    const gatewayOrder = await gateway.createOrder({ amountPaise: 10_000, receipt: `pending-${i}` });
    const [o] = await db
      .insert(orders)
      .values({
        customerId: c!.id,
        status: 'pending_payment',
        paymentMode: 'Online',
        paymentStatus: 'pending',
        subtotalPaise: 10_000,
        paidAmountPaise: 10_000,
        gatewayOrderId: gatewayOrder.id,
        createdAt,
      })
      .returning({ id: orders.id });
    made.push({ id: o!.id, gatewayOrderId: gatewayOrder.id, createdAt });
  }
  gateway.calls = [];
  return made;
}

/** How many times the gateway was asked about each of `pending`'s orders, in their order. */
export function askedCounts(gateway: FakeGateway, pending: PendingOrder[]): number[] {
  const counts = new Map<string, number>();
  for (const c of gateway.calls)
    if (c.method === 'fetchOrderPayments') counts.set(c.args as string, (counts.get(c.args as string) ?? 0) + 1);
  return pending.map((p) => counts.get(p.gatewayOrderId) ?? 0);
}
