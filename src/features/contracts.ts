/**
 * Every API route's declaration, feature by feature: the one list the OpenAPI document
 * (GET /api/openapi.json) is generated from, and that tests/kernel/route-declarations.test.ts
 * holds against the endpoint files under src/pages/api (a route without a declaration, or a
 * declaration without a route, fails it). Server and tests only.
 */

import { accountContracts, adminCustomerContracts } from '#features/account/contract.ts';
import { addressContracts } from '#features/addresses/contract.ts';
import { adminContracts } from '#features/admin/contract.ts';
import { authContracts } from '#features/auth/contract.ts';
import { buyAgainContracts } from '#features/buy-again/contract.ts';
import { cartContracts, substitutionContracts } from '#features/cart/contract.ts';
import {
  adminCatalogContracts,
  adminTaxonomyContracts,
  catalogContracts,
  wishlistContracts,
} from '#features/catalog/contract.ts';
import { checkoutContracts } from '#features/checkout/contract.ts';
import { complaintContracts } from '#features/complaints/contract.ts';
import { adminDeliveryContracts, deliveryContracts } from '#features/delivery/contract.ts';
import { doorContracts, orderAdminContracts, pickingContracts } from '#features/fulfilment/contract.ts';
import { invoiceContracts } from '#features/invoices/contract.ts';
import { mediaContracts } from '#features/media/contract.ts';
import { notificationContracts } from '#features/notifications/contract.ts';
import { orderContracts, orderPaymentContracts } from '#features/orders/contract.ts';
import { onlinePaymentContracts, paymentContracts } from '#features/payments/contract.ts';
import { adminPromoContracts } from '#features/promotions/contract.ts';
import { returnsContracts } from '#features/returns/contract.ts';
import { searchContracts } from '#features/search/contract.ts';
import type { RouteContract } from '#lib/http/contract.ts';

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
  ...orderPaymentContracts,
  ...paymentContracts,
  ...onlinePaymentContracts,
  ...substitutionContracts,
  ...buyAgainContracts,
  ...invoiceContracts,
  ...returnsContracts,
  ...notificationContracts,
  ...adminContracts,
  ...adminCatalogContracts,
  ...adminTaxonomyContracts,
  ...mediaContracts,
  ...adminDeliveryContracts,
  ...adminPromoContracts,
  ...adminCustomerContracts,
  ...orderAdminContracts,
  ...doorContracts,
  ...pickingContracts,
  ...complaintContracts,
];
