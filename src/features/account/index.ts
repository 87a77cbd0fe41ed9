/**
 * The account feature's server surface: what pages, scripts, the server and other features use of its server code.
 */

export { findCustomers, getAdminCustomer } from './server/admin-customers.ts';
export { type AdjustResult, adjustCredit, adjustPoints } from './server/balance-adjustments.ts';
export { myAccountPage } from './server/my-account-page.ts';
