/**
 * Names of the browser `localStorage` keys the storefront uses.
 * One place, so the writer (checkout) and the reader (the home page toast) cannot drift apart.
 * Sessions are HttpOnly cookies here, so there is no `authToken` key.
 */

/** The order-success message: written after an order is placed, shown once on the home page. */
export const ORDER_SUCCESS_KEY = 'orderSuccess';

/** The id of the product last viewed: written by /product/{id}, read by /product and /products. */
export const LAST_PRODUCT_KEY = 'lastProductId';

/**
 * A guest's add-to-cart waiting for login: `{ productId, qty, at }` as JSON,
 * written when a guest presses Add, read and removed once they have logged in.
 */
export const PENDING_CART_ADD_KEY = 'pendingCartAdd';

/**
 * The checkout's choices kept for the browser session (`sessionStorage`): payment
 * method, order note, promo code and the points choice as JSON, so a reload keeps them. Read
 * back through checkout-choices.ts, which re-validates them; removed once the order is placed.
 */
export const CHECKOUT_CHOICES_KEY = 'checkoutChoices';
