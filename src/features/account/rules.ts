/**
 * Account area rules shared by the My Account islands and the API (spec 001 §2 My Account,
 * Orders list, Wallet panel, §4, §5, §8), with the spec's texts verbatim. Browser-safe and free
 * of zod, so the account pages load no validation library until a form needs it (the profile
 * form's schema is in profile-schema.ts).
 */
import { AUTH_MESSAGES } from '#features/auth/messages.ts';

export const ACCOUNT_MESSAGES = {
  fillAll: AUTH_MESSAGES.fillAll,
  invalidEmail: AUTH_MESSAGES.invalidEmail,
  invalidPhone: AUTH_MESSAGES.invalidPhone,
  profileUpdated: 'Profile updated successfully!',
  phoneUpdated: 'Mobile number verified and updated successfully!',
  phoneTaken: 'This mobile number belongs to another account.',
  fetchAddresses: 'Failed to fetch addresses.',
  loadProfile: 'Failed to load profile.',
  updateProfile: 'Failed to update profile.',
  verifyPhone: 'Failed to verify the OTP.',
  deleteAccount: 'Failed to delete account.',
  deleteAddress: 'Failed to delete address.',
  updateAddress: 'Failed to update address.',
  setDefault: 'Failed to set default address.',
  accountDeleted: 'Account deleted successfully!',
  addressUpdated: 'Address updated successfully!',
  defaultSet: 'Default address set successfully!',
  loadTransactions: 'Failed to load transactions.',
  loginForOrders: 'Please log in to view your orders.',
  noOrders: 'No orders found.',
  fetchOrders: 'Failed to fetch order details.',
  orderNotFound: 'Order not found.',
} as const;

/** Credit approval tabs in the spec's order; Pending is the default tab (spec 001 §2 Wallet panel). */
export const APPROVAL_TABS = ['Due', 'Pending', 'Paid'] as const;
export type ApprovalTab = (typeof APPROVAL_TABS)[number];

/** True when `approval` is `tab`, compared case-insensitively (spec 001 §4). */
export function approvalIs(approval: unknown, tab: ApprovalTab): boolean {
  return typeof approval === 'string' && approval.trim().toLowerCase() === tab.toLowerCase();
}

/**
 * The label of an order status: the spec's values capitalised, underscores as spaces.
 * @example statusLabel('out_for_delivery') // 'Out for delivery'
 */
export function statusLabel(status: string): string {
  const text = status.replace(/_/g, ' ').trim();
  return text ? text[0]!.toUpperCase() + text.slice(1).toLowerCase() : 'Unknown';
}

/**
 * How a payment mode reads to the customer (spec 001 §9: COD shows as Cash on Delivery).
 * @example paymentModeLabel('Cash') // 'Cash on Delivery'
 */
export function paymentModeLabel(mode: string | null | undefined): string {
  const m = (mode ?? '').trim().toLowerCase();
  if (m === 'cash' || m === 'cod') return 'Cash on Delivery';
  if (m === 'card') return 'Card on Delivery';
  if (m === 'credit') return 'Credit';
  if (m === 'online') return 'Paid online';
  return mode || '—';
}

const longDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'Asia/Kolkata',
});
const longDateTime = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});

/**
 * An order date in long US English (spec 001 §9), in the shop's time zone.
 * @example orderDate('2026-11-21T06:00:00Z') // 'November 21, 2026'
 */
export function orderDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : longDate.format(d);
}

/** Date and time in long US English, for transaction details. */
export function orderDateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : longDateTime.format(d);
}

/** Tracking steps in order (spec 001 §2 Order tracking). */
export const TRACKING_STEPS = [
  { status: 'placed', label: 'Order placed' },
  { status: 'processed', label: 'Processed' },
  { status: 'out_for_delivery', label: 'Out for delivery' },
  { status: 'delivered', label: 'Delivered' },
] as const;

/** Index of the current tracking step for a status; -1 for cancelled or unknown. */
export function trackingStepIndex(status: string): number {
  return TRACKING_STEPS.findIndex((s) => s.status === status);
}
