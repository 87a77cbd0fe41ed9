/**
 * The cart feature's server surface: what pages, scripts, the server and other features use of its server code.
 */
export { addToCart, deliveryPolicy, listCart, registerOnSale, summarize } from './server/cart.ts';
export { cartLineJson, cartSummaryJson } from './server/cart-json.ts';
export { cartForPage } from './server/cart-page.ts';
export { addPendingFormAdd, formAdd } from './server/form-add.ts';
