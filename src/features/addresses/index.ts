/**
 * The addresses feature's server surface: what pages, scripts, the server and other features use of its server code.
 */
export { type Address, getAddress, servedPrefixes } from './server/addresses.ts';
export { firstDeliveryArea } from './server/delivery-areas.ts';
