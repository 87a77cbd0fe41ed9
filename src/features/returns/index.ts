/**
 * The returns feature's server surface: returns and refunds on delivered orders (ADR 0142) — what
 * the staff order page offers to return, and where the money of a return goes.
 */
export { recordReturn, refundDestination, returnableLines } from './server/returns.ts';
