/**
 * The back office's shared rules: staff input schemas and texts, used by the admin routes, the
 * staff CLI and the admin islands. Browser-safe (zod and the auth feature's phone rules only).
 */
import { z } from 'zod';
import { phoneField } from '#features/auth/rules.ts';
import { STAFF_ROLES } from '#lib/http/permissions.ts';

export { PERMISSION_TABLE, permissionsOf, ROLE_LABELS, roleCan, STAFF_ROLES } from '#lib/http/permissions.ts';

import type { Permission } from '#lib/http/permissions.ts';

export type { Permission, StaffRole } from '#lib/http/permissions.ts';

/** Texts of the back office's sign-in and staff pages. */
export const STAFF_MESSAGES = {
  signIn: 'Please sign in to the back office.',
  forbidden: (role: string) => `Your role (${role}) cannot do this.`,
  notStaff: 'No staff member has this mobile number.',
  /** Staff sign-in with no SMS_SENDER outside demo mode: a setup step, not a passing fault. */
  smsNotSetUp:
    'Sign-in by SMS is not set up yet: an operator must set SMS_SENDER on the server (see README, "Configuration"), then staff can sign in.',
  mobileRequired: 'Please enter your mobile number',
  invalidMobile: 'Please enter a valid mobile number',
  nameRequired: 'Please enter a name',
  roleInvalid: 'Choose a role: owner, manager, packer or rider',
  alreadyStaff: 'A staff member already has this mobile number.',
  lastOwner: 'The shop needs at least one owner: add another owner first.',
  notYourself:
    'You cannot change your own role or remove yourself: another owner can, or `npm run staff` on the server.',
  notFound: 'Staff member not found.',
  signedIn: 'Signed in.',
  signedOut: 'You have been signed out.',
} as const;

/** A mobile number, out in E.164. */
export const staffMobile = phoneField({
  required: STAFF_MESSAGES.mobileRequired,
  invalid: STAFF_MESSAGES.invalidMobile,
});

/** A role name. */
export const staffRole = z.enum(STAFF_ROLES, { error: STAFF_MESSAGES.roleInvalid });

/** A new staff member: name, mobile and role. */
export const newStaffSchema = z.object({
  name: z
    .string({ error: STAFF_MESSAGES.nameRequired })
    .trim()
    .min(1, STAFF_MESSAGES.nameRequired)
    .max(80, 'A name has at most 80 characters'),
  mobile: staffMobile,
  role: staffRole,
});
export type NewStaff = z.output<typeof newStaffSchema>;

/** Actions the audit log records, as staff read them (others show their code). */
const AUDIT_ACTION_LABELS: Record<string, string> = {
  'staff.signed_in': 'Signed in',
  'staff.sign_in_failed': 'Sign-in failed (wrong code)',
  'staff.signed_out': 'Signed out',
  'staff.added': 'Added a staff member',
  'staff.role_changed': 'Changed a role',
  'staff.removed': 'Removed a staff member',
  'permission.denied': 'Refused: no permission',
  'permission.denied_more': 'More refusals',
  'order.processed': 'Marked processed',
  'order.out_for_delivery': 'Marked out for delivery',
  'order.delivered': 'Marked delivered',
  'order.delivery_outcome': 'Recorded how a delivery ended',
  'order.delivery_outcome_undone': 'Undid a delivery’s outcome',
  'order.rescheduled': 'Rescheduled an undelivered order',
  'cash.handover': 'Recorded a cash handover',
  'order.cancelled': 'Cancelled an order',
  'order.rider_assigned': 'Assigned a rider',
  'order.line_picked': 'Recorded a picked quantity',
  'order.line_substituted': 'Substituted a line',
  'product.update': 'Changed a product',
  'product.create': 'Added a product',
  'product.archive': 'Archived a product',
  'product.restore': 'Restored an archived product',
  'product.delete': 'Deleted a product',
  'catalog.import': 'Imported a catalogue CSV',
  'media.upload': 'Uploaded a photo',
  'slot.capacity': 'Changed a slot’s capacity',
  'slot.close': 'Closed a slot',
  'slot.reopen': 'Reopened a slot',
  'promo.create': 'Created a promo code',
  'promo.end': 'Ended a promo code',
  'customer.credit_adjust': 'Adjusted credit',
  'customer.points_adjust': 'Adjusted points',
  'customer.adjust_requested': 'Asked for an adjustment above the approval limit',
  'customer.adjust_rejected': 'Rejected an adjustment',
  'customer.adjust_cancelled': 'Cancelled an adjustment they asked for',
  'customer.adjust_refused_own_account': 'Refused: adjusting an account with their own mobile',
  'order.refund_refused': 'Refused: a refund on one line above the limit',
  'customer.searched': 'Searched customers',
  'customer.viewed': 'Looked at a customer',
  'product.exported': 'Exported the products (CSV)',
  'picking.exported': 'Exported a picking list (CSV)',
  'payments.run': 'Ran the payments job',
  'category.create': 'Added a category',
  'category.update': 'Changed a category',
  'category.deactivate': 'Deactivated a category',
  'category.reactivate': 'Reactivated a category',
  'category.move': 'Moved a category',
  'category.delete': 'Deleted a category',
  'subcategory.create': 'Added a subcategory',
  'subcategory.update': 'Changed a subcategory',
  'subcategory.deactivate': 'Deactivated a subcategory',
  'subcategory.reactivate': 'Reactivated a subcategory',
  'subcategory.move': 'Moved a subcategory',
  'subcategory.delete': 'Deleted a subcategory',
  'banner.create': 'Added a home banner',
  'banner.update': 'Changed a home banner',
  'banner.move': 'Moved a home banner',
  'banner.delete': 'Deleted a home banner',
  'rail.create': 'Added a home rail',
  'rail.update': 'Changed a home rail',
  'rail.move': 'Moved a home rail',
  'rail.delete': 'Deleted a home rail',
};

/** What an audit entry did, as staff read it: its label, with the count for a summary of refusals. */
export function auditActionLabel(entry: { action: string; after: Record<string, unknown> | null }): string {
  if (entry.action === 'permission.denied_more' && typeof entry.after?.more === 'number') {
    const n = entry.after.more;
    return `${n} more ${n === 1 ? 'refusal' : 'refusals'}`;
  }
  return AUDIT_ACTION_LABELS[entry.action] ?? entry.action;
}

/** Who made an audit entry, as staff read it: the member and role, or "Command line: NAME". */
export function auditActorLabel(entry: { staffName: string | null; role: string; operator: string | null }): string {
  if (entry.role === 'cli') return entry.operator ? `Command line: ${entry.operator}` : 'Command line';
  return `${entry.staffName ?? 'A staff member'} (${entry.role})`;
}

/**
 * The back office's navigation: each page with the permission it needs (a link shows only to
 * roles that have it). A feature's admin page adds its line here.
 */
export const ADMIN_NAV: readonly { href: string; label: string; permission: Permission }[] = [
  { href: '/admin', label: 'Order board', permission: 'board.view' },
  { href: '/admin/picking', label: 'Picking list', permission: 'picking.view' },
  { href: '/admin/deliveries', label: 'My deliveries', permission: 'deliveries.own' },
  { href: '/admin/products', label: 'Products', permission: 'products.manage' },
  { href: '/admin/categories', label: 'Categories', permission: 'products.manage' },
  { href: '/admin/banners', label: 'Home banners', permission: 'products.manage' },
  { href: '/admin/home-rails', label: 'Home rails', permission: 'products.manage' },
  { href: '/admin/cash', label: 'Cash handover', permission: 'cash.handover' },
  { href: '/admin/slots', label: 'Slots', permission: 'slots.manage' },
  { href: '/admin/promos', label: 'Promo codes', permission: 'promos.manage' },
  { href: '/admin/customers', label: 'Customers', permission: 'customers.manage' },
  { href: '/admin/complaints', label: 'Complaints', permission: 'complaints.manage' },
  { href: '/admin/staff', label: 'Staff', permission: 'staff.manage' },
  { href: '/admin/audit', label: 'Audit log', permission: 'audit.view' },
  { href: '/admin/permissions', label: 'What you can do', permission: 'self' },
];
