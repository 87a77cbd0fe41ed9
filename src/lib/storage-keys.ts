/**
 * Names of the browser `localStorage` keys the storefront uses (spec 000 §3 "Local storage").
 * One place, so the writer (checkout) and the reader (the home page toast) cannot drift apart.
 * Sessions are HttpOnly cookies here, so there is no `authToken` key.
 */

/** The order-success message: written after an order is placed, shown once on the home page. */
export const ORDER_SUCCESS_KEY = 'orderSuccess';

/** The id of the product last viewed: written by /product/{id}, read by /product and /products. */
export const LAST_PRODUCT_KEY = 'lastProductId';
