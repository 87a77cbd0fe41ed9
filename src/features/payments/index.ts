/**
 * The payments feature's server surface: what pages, scripts, the server and other features use of its server code.
 */
export { getPaymentGateway, type PaymentGateway } from './server.ts';
