/**
 * Operators' order tool.
 *   npm run orders -- list [N]          the newest N orders (default 20) with status, payment
 *                                       status (pending = online charge not settled) and amount
 *   npm run orders -- advance ORDER_ID  move an order one step: placed → processed →
 *                                       out_for_delivery → delivered (forward only)
 *                                       (the customer gets an SMS when it goes out and on delivery)
 *   npm run orders -- deliver ORDER_ID  move it forward step by step until delivered (e.g. to
 *                                       see it in "Buy again")
 *   npm run orders -- refund ORDER_ID   repeat the gateway refund of a cancelled online order
 *                                       whose refund failed (logged at error)
 *   npm run orders -- refund-adjustments ORDER_ID
 *                                       repeat the gateway refunds of an online order's packing
 *                                       adjustments that failed (logged at error)
 * Uses DATABASE_URL, else the PGlite data dir (stop `npm start` first on PGlite).
 */
import { desc } from 'drizzle-orm';
import { migrateDatabase } from '#lib/db/index.ts';
import { openDatabaseForCli } from './cli-database.ts';
import { orders } from '#lib/db/schema.ts';
import { advanceOrder } from '#features/orders/index.ts';
import { formatPaise } from '#lib/money.ts';
import { AppError } from '#lib/http/envelope.ts';
import { settleOrderSms } from '#features/notifications/index.ts';
import { retryAdjustmentRefunds, retryRefund } from '#features/orders/index.ts';
import { getPaymentGateway } from '#features/payments/index.ts';

const [command, arg] = process.argv.slice(2);
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
    const result = await advanceOrder(handle.db, Number(arg));
    console.log(`Order #${result.id}: ${result.from} → ${result.to}`);
    await settleOrderSms(); // the customer's status SMS, before the database closes
  } else if (command === 'deliver' && arg && /^\d+$/.test(arg)) {
    let result = await advanceOrder(handle.db, Number(arg));
    console.log(`Order #${result.id}: ${result.from} → ${result.to}`);
    while (result.to !== 'delivered') {
      result = await advanceOrder(handle.db, Number(arg));
      console.log(`Order #${result.id}: ${result.from} → ${result.to}`);
    }
    await settleOrderSms();
  } else if (command === 'refund-adjustments' && arg && /^\d+$/.test(arg)) {
    const done = await retryAdjustmentRefunds(handle.db, getPaymentGateway(), Number(arg));
    console.log(`Order #${arg}: ${done} packing adjustment refund(s) went through`);
  } else if (command === 'refund' && arg && /^\d+$/.test(arg)) {
    console.log(`Order #${arg}: refunded (${await retryRefund(handle.db, getPaymentGateway(), Number(arg))})`);
  } else {
    console.error(
      'Usage: npm run orders -- list [N] | advance ORDER_ID | deliver ORDER_ID | refund ORDER_ID | refund-adjustments ORDER_ID',
    );
    process.exitCode = 2;
  }
} catch (err) {
  console.error(err instanceof AppError ? err.message : `Failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
