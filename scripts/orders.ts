/**
 * Operators' order tool. What changes data (advance, deliver, refund, payments) is written to the
 * audit log as "Command line: NAME": `--operator NAME` anywhere on the line, else the OS user@host.
 *   npm run orders -- list [N]          the newest N orders (default 20) with status, payment
 *                                       status (pending = online charge not settled) and amount
 *   npm run orders -- advance ORDER_ID  move an order one step: placed → processed →
 *                                       out_for_delivery → delivered (forward only)
 *                                       (the customer gets an SMS when it goes out and on delivery)
 *   npm run orders -- deliver ORDER_ID  move it forward step by step until delivered (e.g. to
 *                                       see it in "Buy again"); a Cash or Card on Delivery order
 *                                       stops out for delivery: the rider records its outcome
 *   npm run orders -- refunds ORDER_ID  an online order's refunds (cancel, packing, late payment)
 *                                       with their status at the gateway
 *   npm run orders -- refund ORDER_ID REFUND_ID
 *                                       retry a failed refund (as staff's Retry does)
 *   npm run orders -- payments          run the payments job once now: reconcile orders awaiting
 *                                       payment, release expired ones, settle open refunds
 * Uses DATABASE_URL, else the PGlite data dir (stop `npm start` first on PGlite).
 */
import { desc } from 'drizzle-orm';
import { allocateInvoiceNumber } from '#features/invoices/index.ts';
import { dispatchOrderSms } from '#features/notifications/index.ts';
import { advanceOrder, onOrderConfirmed, orderSettlement } from '#features/orders/index.ts';
import {
  getPaymentGateway,
  refundsFor,
  registerOrderSettlement,
  retryPaymentRefund,
  runPaymentJobs,
} from '#features/payments/index.ts';
import { recordAudit } from '#lib/db/audit.ts';
import { type Database, migrateDatabase } from '#lib/db/index.ts';
import { orders } from '#lib/db/schema.ts';
import { AppError } from '#lib/http/envelope.ts';
import { formatPaise } from '#lib/money.ts';
import { openDatabaseForCli } from './cli-database.ts';
import { takeOperator } from './cli-operator.ts';

// As the server wires them (src/server/wiring.ts): the payments job confirms or releases orders.
onOrderConfirmed(allocateInvoiceNumber);
registerOrderSettlement(orderSettlement);

const USAGE =
  'Usage: npm run orders -- list [N] | advance ORDER_ID | deliver ORDER_ID | refunds ORDER_ID | refund ORDER_ID REFUND_ID | payments  [--operator NAME]';
const { args, actor } = takeOperator(process.argv.slice(2), USAGE);
const [command, arg, arg2] = args;

/**
 * Moves order `id` one step, with its audit entry (as staff's moves write it) in the move's transaction.
 * A Cash or Card on Delivery order is not delivered from here: the money is taken at the door, so the
 * rider records the delivery's outcome and what was collected on their screen (ADR 0140).
 */
const advance = (db: Database, id: number) =>
  advanceOrder(db, id, new Date(), {
    within: async (tx, row, next) => {
      if (next === 'delivered' && (row.paymentMode === 'Cash' || row.paymentMode === 'Card'))
        throw new AppError(
          'conflict',
          `Order ${id} is ${row.paymentMode === 'Cash' ? 'Cash' : 'Card'} on Delivery: the rider records its delivery and the money collected at the door, on the order's "At the door" panel. It stays out for delivery.`,
        );
      await recordAudit(tx, actor, {
        action: `order.${next}`,
        record: { type: 'order', id },
        before: { status: row.status },
        after: { status: next },
      });
    },
  });

const handle = await openDatabaseForCli();
try {
  await migrateDatabase(handle);
  if (command === 'list') {
    const limit = arg && /^\d+$/.test(arg) ? Number(arg) : 20;
    const rows = await handle.db.select().from(orders).orderBy(desc(orders.id)).limit(limit);
    if (!rows.length) console.log('No orders yet.');
    for (const o of rows) {
      console.log(
        `#${o.id}\t${o.status.padEnd(16)}\t${o.paymentMode.padEnd(6)}\t${o.paymentStatus.padEnd(8)}\t${formatPaise(o.paidAmountPaise).padStart(12)}\t${o.createdAt.toISOString()}`,
      );
    }
  } else if (command === 'advance' && arg && /^\d+$/.test(arg)) {
    const result = await advance(handle.db, Number(arg));
    console.log(`Order #${result.id}: ${result.from} → ${result.to}`);
    await dispatchOrderSms(handle.db); // the customer's status SMS (queued with the change), before the database closes
  } else if (command === 'deliver' && arg && /^\d+$/.test(arg)) {
    let result = await advance(handle.db, Number(arg));
    console.log(`Order #${result.id}: ${result.from} → ${result.to}`);
    while (result.to !== 'delivered') {
      result = await advance(handle.db, Number(arg));
      console.log(`Order #${result.id}: ${result.from} → ${result.to}`);
    }
    await dispatchOrderSms(handle.db);
  } else if (command === 'refunds' && arg && /^\d+$/.test(arg)) {
    const rows = (await refundsFor(handle.db, [Number(arg)])).get(Number(arg)) ?? [];
    if (!rows.length) console.log(`Order #${arg}: no refunds to an online payment.`);
    for (const r of rows)
      console.log(
        `refund ${r.id}\t${r.reason.padEnd(12)}\t${formatPaise(r.amountPaise).padStart(12)}\t${r.status.padEnd(9)}\t${r.gatewayRefundId ?? '-'}\t${r.failureReason ?? ''}`,
      );
  } else if (command === 'refund' && arg && /^\d+$/.test(arg) && arg2 && /^\d+$/.test(arg2)) {
    const after = await retryPaymentRefund(handle.db, getPaymentGateway(), Number(arg), Number(arg2), actor);
    console.log(
      `Order #${arg} refund ${arg2}: ${after.status}${after.failureReason ? ` (${after.failureReason})` : ''}`,
    );
  } else if (command === 'payments') {
    const gateway = getPaymentGateway();
    if (!gateway) throw new Error('Online payment is off (PAYMENT_GATEWAY is not set).');
    const result = await runPaymentJobs(handle.db, gateway);
    // The job's own changes are the server's (it runs them every interval too); the entry records who ran it now.
    await recordAudit(handle.db, actor, { action: 'payments.run', after: { ...result } });
    console.log(
      `Payments job: ${result.checked} asked about, ${result.confirmed} confirmed, ${result.released} released, ${result.lateRefunds} late payments refunded`,
    );
    await dispatchOrderSms(handle.db);
  } else {
    console.error(USAGE);
    process.exitCode = 2;
  }
} catch (err) {
  console.error(err instanceof AppError ? err.message : `Failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
