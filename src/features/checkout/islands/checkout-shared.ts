/**
 * Types and small browser helpers shared by the checkout islands and the address dialog
 * (addresses, cart lines, money). Browser-safe: no server imports.
 */
import { rupeesToPaise } from '#lib/money.ts';

export { hasSessionHint, loginUrl } from '#features/auth/store.ts';

import type { DataOut } from '#lib/http/contract.ts';
import type { checkoutSummaryRoute } from '../contract.ts';

export { CHECKOUT_TOAST_MS, LOGIN_REDIRECT_MS } from '../rules.ts';

/** An address as `GET /api/customer/address-list` returns it. */
export interface AddressJson {
  id: number;
  type?: string;
  name: string;
  mobile: string;
  /** The same as building_num (the list's own name for it). */
  building?: string;
  building_num: string;
  street: string;
  landmark: string | null;
  city: string;
  po_box: string;
  latitude: number | null;
  longitude: number | null;
  is_default: boolean;
  /** False when the shop does not deliver to the postal code (the address may still be saved). */
  deliverable: boolean;
}

/** The server's figures for the current cart (`GET /api/customer/checkout-summary` → data.summary), rupee strings. */
export type SummaryJson = DataOut<typeof checkoutSummaryRoute>['summary'];

/** A cart line as `GET /api/customer/my-cart` returns it (the fields the checkout reads). */
export interface CartLineJson {
  cart_id: number;
  product_id: number;
  name: string;
  qty: number;
  offer_price: number;
  line_total: number;
  /** The line's own "if out of stock" choice, null = the order's. */
  substitution?: string | null;
  /** False once the product left the shop: the line is marked and the order cannot be placed. */
  available: boolean;
}

/** The delivery area the shop serves (from the page frontmatter). */
export interface DeliveryAreaInfo {
  names: string[];
  /** PIN code prefixes and codes, e.g. ['680'] (shown as 680xxx). */
  prefixes: string[];
}

/** Rupee figure from the API (string or number) → paise; 0 for anything unusable. */
export function paise(value: string | number | null | undefined): number {
  if (value === null || value === undefined) return 0;
  const p = rupeesToPaise(value);
  return Number.isFinite(p) ? p : 0;
}

/** One-line address text for cards: building, street, landmark, city, postal code. */
export function addressLine(a: AddressJson): string {
  return [a.building_num, a.street, a.landmark, a.city, a.po_box].filter(Boolean).join(', ');
}

/** The "we do not deliver there" sentence for an address. */
export function notDeliveredMessage(a: AddressJson, area: DeliveryAreaInfo): string {
  const where = area.names.length ? area.names.join(', ') : 'our delivery area';
  const codes = area.prefixes.length ? ` (PIN codes ${area.prefixes.map((p) => p.padEnd(6, 'x')).join(', ')})` : '';
  return `Sorry, we do not deliver to ${a.po_box} yet. We deliver in ${where}${codes}. Please choose another address.`;
}
