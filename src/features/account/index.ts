/**
 * The account feature's server surface: what pages, scripts, the server and other features use of its server code.
 */
export { myAccountPage } from './server/my-account-page.ts';
