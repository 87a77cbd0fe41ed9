/**
 * The account feature's server surface: what pages, scripts, the server and other features use of its server code.
 */
export { myAccountPage } from './server/my-account-page.ts';
export { findCustomers, getAdminCustomer } from './server/admin-customers.ts';
export { adjustCredit, adjustPoints, type AdjustResult } from './server/balance-adjustments.ts';
