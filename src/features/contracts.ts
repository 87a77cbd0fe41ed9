/**
 * Every API route's declaration, feature by feature: the one list the OpenAPI document
 * (GET /api/openapi.json) is generated from, and that tests/kernel/route-declarations.test.ts
 * holds against the endpoint files under src/pages/api (a route without a declaration, or a
 * declaration without a route, fails it). Server and tests only.
 */
import type { RouteContract } from '../lib/http/contract.ts';
import { accountContracts } from './account/contract.ts';
import { addressContracts } from './addresses/contract.ts';
import { authContracts } from './auth/contract.ts';
import { buyAgainContracts } from './buy-again/contract.ts';
import { cartContracts } from './cart/contract.ts';
import { catalogContracts } from './catalog/contract.ts';
import { checkoutContracts } from './checkout/contract.ts';
import { deliveryContracts } from './delivery/contract.ts';
import { invoiceContracts } from './invoices/contract.ts';
import { notificationContracts } from './notifications/contract.ts';
import { orderContracts } from './orders/contract.ts';
import { searchContracts } from './search/contract.ts';
import { substitutionContracts } from './substitutions/contract.ts';
import { wishlistContracts } from './wishlist/contract.ts';

/** All route contracts of the shop's API. */
export const allContracts: readonly RouteContract[] = [
  ...catalogContracts,
  ...searchContracts,
  ...authContracts,
  ...accountContracts,
  ...cartContracts,
  ...wishlistContracts,
  ...addressContracts,
  ...checkoutContracts,
  ...deliveryContracts,
  ...orderContracts,
  ...substitutionContracts,
  ...buyAgainContracts,
  ...invoiceContracts,
  ...notificationContracts,
];
