/**
 * The OpenAPI 3.1 description of the HTTP API, built from the same zod schemas the handlers
 * validate with (ARCHITECTURE "The HTTP API"). Served at GET /api/openapi.json.
 */
import { z } from 'zod';
import { signupSchema, loginSchema, otpLoginSchema } from '../../features/auth/rules.ts';
import { addressSchema } from '../../features/addresses/rules.ts';
import { placeOrderBodySchema as placeOrderSchema } from '../../features/checkout/contract.ts';
import { profileSchema } from '../../features/account/rules.ts';

type Method = 'get' | 'post' | 'put' | 'delete';
interface Route {
  method: Method;
  path: string;
  summary: string;
  auth?: boolean;
  body?: z.ZodType;
  /** Body encodings accepted (all routes read JSON, form-urlencoded and multipart alike). */
  query?: Record<string, string>;
}

const id = (name: string) => z.object({ [name]: z.union([z.string(), z.number()]) });

const ROUTES: Route[] = [
  { method: 'get', path: '/api/customer/home', summary: 'Home feed: banners, categories and the first 10 products' },
  { method: 'get', path: '/api/customer/product-categories', summary: 'All categories' },
  { method: 'get', path: '/api/customer/product-subcategories/{id}', summary: "A category's subcategories and one page of its products", query: { subcategory: '"all" or a subcategory id', page: '1-based page', pageSize: '1–100 (default 10)', sort: 'asc | desc by price' } },
  { method: 'get', path: '/api/customer/products/{id}', summary: 'Products of a subcategory (0 = all), paged', query: { category: 'category id for id 0', page: '1-based page', pageSize: '1–100', sort: 'asc | desc' } },
  { method: 'get', path: '/api/customer/product-details/{id}', summary: 'A product with related_products' },
  { method: 'get', path: '/api/customer/search-products', summary: 'Ranked, typo-tolerant product search', query: { product: 'search text (required)', limit: '1–50 (default 20)' } },
  { method: 'post', path: '/api/register', summary: 'Start a sign-up: sends an OTP to the phone', body: signupSchema },
  { method: 'post', path: '/api/validate-customer', summary: 'Start a login: sends an OTP to a known phone', body: loginSchema },
  { method: 'post', path: '/api/otp-login', summary: 'Check the OTP; sets the session cookie. Send the header `X-Token-Transport: bearer` to also get data.token (for Authorization: Bearer); without it the token is only in the HttpOnly cookie', body: otpLoginSchema(4).extend({ otp: z.string().regex(/^\d{4,8}$/).describe('OTP_LENGTH digits: 6 by default, 4 in demo mode (data.otp_length of the send)') }) },
  { method: 'post', path: '/api/logout', summary: 'Revoke the session', auth: true },
  { method: 'get', path: '/api/customer/session', summary: 'The signed-in customer', auth: true },
  { method: 'get', path: '/api/customer/my-cart', summary: 'Cart lines and totals', auth: true },
  { method: 'post', path: '/api/customer/add-product', summary: 'Add a product to the cart', auth: true, body: z.object({ product_id: z.union([z.string(), z.number()]), qty: z.union([z.string(), z.number()]) }) },
  { method: 'post', path: '/api/customer/increase-qty', summary: 'One more of a cart line', auth: true, body: id('cart_id') },
  { method: 'post', path: '/api/customer/decrease-qty', summary: 'One fewer of a cart line (never below 1)', auth: true, body: id('cart_id') },
  { method: 'post', path: '/api/customer/delete-product', summary: 'Remove a cart line', auth: true, body: id('cart_id') },
  { method: 'post', path: '/api/customer/clear-cart', summary: 'Empty the cart', auth: true },
  { method: 'put', path: '/api/wishlists', summary: 'Toggle a product in the wishlist (201 added, 200 removed)', auth: true, body: id('productId') },
  { method: 'get', path: '/api/wishlists', summary: 'Wishlisted products', auth: true },
  { method: 'get', path: '/api/customer/address-list', summary: 'Addresses, default first', auth: true },
  { method: 'post', path: '/api/customer/add-address', summary: 'Add an address', auth: true, body: addressSchema },
  { method: 'post', path: '/api/customer/edit-address', summary: 'Replace an address', auth: true, body: addressSchema.extend({ address_id: z.union([z.string(), z.number()]) }) },
  { method: 'post', path: '/api/customer/delete-address', summary: 'Delete an address', auth: true, body: id('address_id') },
  { method: 'post', path: '/api/customer/default-address', summary: 'Make an address the default', auth: true, body: id('address_id') },
  { method: 'post', path: '/api/customer/check-promocode', summary: 'Check a promo code against the cart', auth: true, body: z.object({ promocode: z.string() }) },
  { method: 'get', path: '/api/customer/checkout-summary', summary: "The server's figures for the cart", auth: true, query: { promocode: 'optional code', points: 'points to redeem' } },
  { method: 'post', path: '/api/customer/place-order', summary: 'Place an order. Idempotency-Key: same key and body give the same order (200), another body a 422; 409 when a parallel request already ordered the cart; 402 when an online payment fails', auth: true, body: placeOrderSchema },
  { method: 'get', path: '/api/customer/my-orders', summary: 'Orders, newest first', auth: true },
  { method: 'get', path: '/api/customer/orders/{id}', summary: 'One order', auth: true },
  { method: 'post', path: '/api/customer/cancel-order', summary: 'Cancel within 30 minutes while placed', auth: true, body: id('order_id') },
  { method: 'get', path: '/api/customer/profile', summary: 'Profile (data.user) and balances (data.account)', auth: true },
  { method: 'post', path: '/api/customer/update-profile', summary: 'Save name and email; a new mobile answers otp_required after an OTP to it', auth: true, body: profileSchema },
  { method: 'post', path: '/api/customer/verify-phone', summary: 'Confirm a mobile number change with its OTP', auth: true, body: z.object({ mobile: z.string(), otp: z.string() }) },
  { method: 'get', path: '/api/customer/credit-transaction', summary: 'Credit orders with their payment approval (data.orders)', auth: true },
  { method: 'post', path: '/api/customer/reorder', summary: 'Buy again: in-stock items of an order into the cart', auth: true, body: id('order_id') },
  { method: 'post', path: '/api/customer/delete-account', summary: 'Delete the account; orders stay anonymised', auth: true },
  { method: 'delete', path: '/api/customer/delete-account', summary: 'Delete the account; orders stay anonymised', auth: true },
];

const envelope = {
  type: 'object',
  properties: { success: { type: 'boolean' }, message: { type: 'string' }, data: { type: 'object' }, errors: { type: 'object', additionalProperties: { type: 'string' } } },
  required: ['success'],
};

const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });

/** The OpenAPI document. */
export function openApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of ROUTES) {
    const params = [
      ...[...r.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'integer', minimum: 0 } })),
      ...Object.entries(r.query ?? {}).map(([name, description]) => ({ name, in: 'query', required: name === 'product', description, schema: { type: 'string' } })),
    ];
    const body = r.body
      ? {
          requestBody: {
            required: true,
            content: Object.fromEntries(['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'].map((t) => [t, { schema: jsonSchema(r.body!) }])),
          },
        }
      : {};
    (paths[r.path] ??= {})[r.method] = {
      summary: r.summary,
      ...(params.length ? { parameters: params } : {}),
      ...body,
      ...(r.auth ? { security: [{ bearer: [] }, { cookie: [] }] } : {}),
      responses: {
        '200': { description: 'Success envelope', content: { 'application/json': { schema: envelope } } },
        '4XX': { description: 'Failure envelope with a message (400, 401, 403, 404, 409, 413, 422, 429)', content: { 'application/json': { schema: envelope } } },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'FarmFresh API', version: '1.0.0', description:
        'Storefront API. Money in rupees with 2 decimals; envelope { success, message?, data }. API clients sign in with POST /api/validate-customer (sends an OTP; data.otp_length gives its digits) then POST /api/otp-login with the header `X-Token-Transport: bearer`, and send `Authorization: Bearer <data.token>` afterwards; browsers use the HttpOnly session cookie and never see the token. OTP sends answer 503 with Retry-After when the shop has no SMS gateway, and 429 with Retry-After over a sign-in limit.',
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'data.token from POST /api/otp-login, returned only when that request carries the header `X-Token-Transport: bearer`' },
        cookie: { type: 'apiKey', in: 'cookie', name: 'ff_session' },
      },
    },
    paths,
  };
}
