/**
 * The back office's customers: finding one by mobile or name, everything staff need about them
 * (orders, addresses, credit and points with their ledgers), and adjusting credit or points with
 * a reason (balance-adjustments.ts). A staff member's search and customer page are written to
 * the audit log by id only (ADR 0117): a search records how it searched (`by`: mobile or name),
 * how many it found and their ids, never the text typed; a page records the customer's id.
 * Orders are counted as the customer counts them: only orders the shop took (confirmedOrders);
 * online payment attempts left unpaid or released (UNPAID_STATUSES) are counted and listed apart
 * (docs/adr/0123-one-count-and-one-money-format.md).
 */
import { and, asc, desc, eq, ilike, inArray, isNull, like, type SQL, sql } from 'drizzle-orm';
import { confirmedOrders, UNPAID_STATUSES } from '#features/orders/index.ts';
import { recordAudit } from '#lib/db/audit.ts';
import type { Database, Transaction } from '#lib/db/index.ts';
import { addresses, creditTransactions, customers, orders, pointsTransactions } from '#lib/db/schema.ts';
import { AppError } from '#lib/http/envelope.ts';
import type { StaffActor } from '#lib/http/staff-session.ts';
import {
  ADMIN_CUSTOMER_MESSAGES,
  type AdminCustomer,
  type AdminCustomerHit,
  type AdminLedgerLine,
} from '../admin-customer-rules.ts';

/** Most customers a search returns. */
const SEARCH_LIMIT = 20;
/** Most orders and ledger lines a customer's page shows (newest first). */
const HISTORY_LIMIT = 100;

/** Online payment attempts that never became an order: awaiting payment, or released unpaid. */
const unpaidAttempts = inArray(orders.status, [...UNPAID_STATUSES]);

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Whether a search's text is a mobile number (digits, spaces, + and -) rather than a name. */
const isMobileSearch = (text: string) => /^[+\d\s-]+$/.test(text.trim());

/**
 * Customers whose mobile contains the digits typed (3 or more; a leading 0 or 91 is the
 * country's, as people type it) or whose name contains the text, newest first; deleted accounts
 * are left out.
 */
export async function findCustomers(db: Database, text: string): Promise<AdminCustomerHit[]> {
  const t = text.trim();
  let match: SQL;
  if (isMobileSearch(t)) {
    let digits = t.replace(/\D/g, '');
    if (digits.length > 10) digits = digits.replace(/^(?:91|0)/, '');
    if (digits.length < 3) return [];
    match = like(customers.phone, `%${digits}%`);
  } else {
    if (t.length < 2) return [];
    match = ilike(customers.name, `%${escapeLike(t)}%`);
  }
  const rows = await db
    .select({ id: customers.id, name: customers.name, phone: customers.phone, createdAt: customers.createdAt })
    .from(customers)
    .where(and(match, isNull(customers.deletedAt)))
    .orderBy(desc(customers.id))
    .limit(SEARCH_LIMIT);
  const counts = rows.length
    ? await db
        .select({
          customerId: orders.customerId,
          orders: sql<number>`(count(*) filter (where ${confirmedOrders}))::int`,
          attempts: sql<number>`(count(*) filter (where ${unpaidAttempts}))::int`,
        })
        .from(orders)
        .where(
          inArray(
            orders.customerId,
            rows.map((r) => r.id),
          ),
        )
        .groupBy(orders.customerId)
    : [];
  const n = new Map(counts.map((c) => [c.customerId, c]));
  return rows.map((r) => ({
    ...r,
    ordersCount: n.get(r.id)?.orders ?? 0,
    attemptsCount: n.get(r.id)?.attempts ?? 0,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** `findCustomers` for `actor`, with its audit entry (ids and a count, not the text searched). */
export async function searchCustomersAsStaff(
  db: Database,
  text: string,
  actor: StaffActor,
): Promise<AdminCustomerHit[]> {
  const hits = await findCustomers(db, text);
  await recordAudit(db, actor, {
    action: 'customer.searched',
    after: { by: isMobileSearch(text) ? 'mobile' : 'name', results: hits.length, customer_ids: hits.map((h) => h.id) },
  });
  return hits;
}

/** `getAdminCustomer` for `actor`, with its audit entry naming the customer's id (none for a 404). */
export async function viewCustomerAsStaff(db: Database, id: number, actor: StaffActor): Promise<AdminCustomer> {
  const customer = await getAdminCustomer(db, id);
  await recordAudit(db, actor, { action: 'customer.viewed', record: { type: 'customer', id } });
  return customer;
}

/** Signed credit movement of a ledger row: a debit takes from the balance, the others give back (an adjustment is stored signed). */
const creditSign = (kind: string, amount: number) => (kind === 'debit' ? -amount : amount);

/** An order (or an unpaid attempt) as a row of the customer's page. */
const orderLine = (o: typeof orders.$inferSelect) => ({
  id: o.id,
  createdAt: o.createdAt.toISOString(),
  status: o.status,
  paymentMode: o.paymentMode,
  paymentStatus: o.paymentStatus,
  gatewayOrderId: o.gatewayOrderId,
  paidAmountPaise: o.paidAmountPaise,
});

/** Everything staff see of a customer; 404 when there is none (or the account was deleted). */
export async function getAdminCustomer(db: Database | Transaction, id: number): Promise<AdminCustomer> {
  const [c] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), isNull(customers.deletedAt)));
  if (!c) throw new AppError('not_found', ADMIN_CUSTOMER_MESSAGES.notFound);
  const history = (kind: SQL) =>
    db
      .select()
      .from(orders)
      .where(and(eq(orders.customerId, id), kind))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(HISTORY_LIMIT);
  const [orderRows, attemptRows, [counted], addressRows, creditRows, pointRows] = await Promise.all([
    history(confirmedOrders),
    history(unpaidAttempts),
    db
      .select({
        orders: sql<number>`(count(*) filter (where ${confirmedOrders}))::int`,
        attempts: sql<number>`(count(*) filter (where ${unpaidAttempts}))::int`,
      })
      .from(orders)
      .where(eq(orders.customerId, id)),
    db
      .select()
      .from(addresses)
      .where(eq(addresses.customerId, id))
      .orderBy(desc(addresses.isDefault), asc(addresses.id)),
    db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.customerId, id))
      .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id))
      .limit(HISTORY_LIMIT),
    db
      .select()
      .from(pointsTransactions)
      .where(eq(pointsTransactions.customerId, id))
      .orderBy(desc(pointsTransactions.createdAt), desc(pointsTransactions.id))
      .limit(HISTORY_LIMIT),
  ]);
  const line = (r: {
    id: number;
    orderId: number | null;
    note: string | null;
    createdAt: Date;
  }): Omit<AdminLedgerLine, 'kind' | 'amount'> => ({
    id: r.id,
    orderId: r.orderId,
    note: r.note,
    createdAt: r.createdAt.toISOString(),
  });
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    createdAt: c.createdAt.toISOString(),
    pointsBalance: c.pointsBalance,
    creditLimitPaise: c.creditLimitPaise,
    creditBalancePaise: c.creditBalancePaise,
    ordersCount: counted?.orders ?? 0,
    orders: orderRows.map(orderLine),
    attemptsCount: counted?.attempts ?? 0,
    attempts: attemptRows.map(orderLine),
    addresses: addressRows.map((a) => ({
      id: a.id,
      type: a.type,
      name: a.name,
      mobile: a.mobile,
      line: [a.buildingNum, a.street, a.landmark, a.city, a.poBox].filter(Boolean).join(', '),
      isDefault: a.isDefault,
    })),
    credit: creditRows.map((r) => ({ ...line(r), kind: r.kind, amount: creditSign(r.kind, r.amountPaise) })),
    points: pointRows.map((r) => ({ ...line(r), kind: r.reason, amount: r.delta })),
  };
}
