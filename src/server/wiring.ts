/**
 * The server's start-up wiring: where the kernel (src/lib) and the features declare an interface and another
 * feature fills it, the server connects the two here, so that neither imports the other. Imported for its
 * effect, first thing, by the server entry (entry.ts) and the middleware (which every request, in dev too,
 * passes), before any request opens the database or asks for a session.
 * - The route handler asks auth's session resolver who is signed in.
 * - A new, empty database is filled with the demo shop when SEED_DEMO=auto (demo mode only); its module loads
 *   only then.
 * - A sign-in adds the product a guest pressed "Add" on before signing in (the cart's pending form add).
 * - A confirmed order gets its GST invoice number, in the confirming transaction; a cancelled one that has an
 *   invoice gets a credit note for all of it, in the cancelling transaction.
 * - An online order's settled payment confirms or releases the order (the orders feature's settlement).
 * - Staff routes and admin pages ask the admin feature's resolver who is signed in to the back office.
 * - The back office's product listing ranks with the storefront's search engine.
 * - The cart tells a line whose product left the shop by the catalog's on-sale rule.
 * - The background jobs (src/lib/jobs): the payments job, the order SMS dispatcher, the
 *   database clean-up, the summary of refused staff requests and the deletion of complaint photos past
 *   their retention; the middleware starts them in a server process.
 * - The back office's setup notices (src/lib/setup-notices.ts): SMS messages that are off, the
 *   seller's details still at the demo's values, how many products on sale lack their declarations.
 */
import './check-config.ts';
import { refusalSummaryJob, staffResolver } from '#features/admin/index.ts';
import { onSignIn, sessionResolver } from '#features/auth/index.ts';
import { addPendingFormAdd, registerOnSale } from '#features/cart/index.ts';
import { declarationNotices, onSale, registerProductSearch } from '#features/catalog/index.ts';
import { complaintPhotoJob } from '#features/complaints/index.ts';
import { allocateInvoiceNumber, creditCancelledInvoice } from '#features/invoices/index.ts';
import { orderSmsJob } from '#features/notifications/index.ts';
import { onInvoicedOrderCancelled, onOrderConfirmed, orderSettlement } from '#features/orders/index.ts';
import { getPaymentGateway, paymentsJob, registerOrderSettlement } from '#features/payments/index.ts';
import { searchProducts } from '#features/search/index.ts';
import { smsSetupNotices } from '#features/sms/index.ts';
import { getConfig } from '#lib/config.ts';
import { whenDatabaseEmpty } from '#lib/db/index.ts';
import { pruneJob } from '#lib/db/maintenance.ts';
import { registerSessionResolver } from '#lib/http/session.ts';
import { registerStaffResolver } from '#lib/http/staff-session.ts';
import { registerJob } from '#lib/jobs/index.ts';
import { sellerSetupNotices } from '#lib/seller.ts';
import { registerSetupNotices } from '#lib/setup-notices.ts';

registerSessionResolver(sessionResolver);
registerStaffResolver(staffResolver);
// The demo shop's code (its catalogue, and sharp for its photos) loads only when a database is
// found empty: a shop's server never holds it.
whenDatabaseEmpty(
  getConfig().SEED_DEMO === 'auto'
    ? async (db) => (await import('#features/demo-shop/index.ts')).seedEmptyDatabase(db)
    : undefined,
);
onSignIn(addPendingFormAdd);
onOrderConfirmed(allocateInvoiceNumber);
onInvoicedOrderCancelled(creditCancelledInvoice);
registerOrderSettlement(orderSettlement);
registerOnSale(onSale);
registerProductSearch(async (db, text, limit) => (await searchProducts(db, text, { limit })).map((p) => p.id));
registerJob(paymentsJob(getPaymentGateway));
registerJob(orderSmsJob());
registerJob(pruneJob());
registerJob(refusalSummaryJob());
registerJob(complaintPhotoJob());
registerSetupNotices(smsSetupNotices);
registerSetupNotices(() => sellerSetupNotices());
registerSetupNotices(declarationNotices);
