/**
 * What each staff role may do: the one permission table (ADR 0061). Every admin route
 * declares the permission it needs (contract.ts `permission`), the route handler checks it before
 * reading the body (handler.ts), admin pages check it before rendering, and the same rows are
 * shown to staff at /admin/permissions and written out in docs/admin-roles.md.
 *
 * Roles are cumulative: a packer may do what a rider may, a manager what a packer may, an owner
 * everything. Browser-safe (no imports).
 */

/** Staff roles, least to most trusted (as stored in `staff.role`). */
export const STAFF_ROLES = ['rider', 'packer', 'manager', 'owner'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** A role as staff read it. */
export const ROLE_LABELS: Record<StaffRole, string> = {
  rider: 'Rider',
  packer: 'Packer',
  manager: 'Manager',
  owner: 'Owner',
};

/**
 * The permission table: each permission, what it lets a person do (as shown to staff), and the
 * least trusted role that has it.
 */
export const PERMISSION_TABLE = [
  { permission: 'self', from: 'rider', what: 'Sign in and out, see this page' },
  {
    permission: 'deliveries.own',
    from: 'rider',
    what: 'See the orders assigned to you, today’s first, and call the customer',
  },
  {
    permission: 'orders.deliver',
    from: 'rider',
    what: 'Mark an order out for delivery; record how a delivery ended (delivered, handed back, not at home, refused) and the money taken at the door',
  },
  { permission: 'board.view', from: 'packer', what: 'See the order board and every order' },
  { permission: 'picking.view', from: 'packer', what: 'See and print picking lists and packing slips' },
  { permission: 'orders.pack', from: 'packer', what: 'Record picked quantities and substitutions while packing' },
  { permission: 'orders.process', from: 'packer', what: 'Mark an order processed (packed)' },
  { permission: 'orders.assign_rider', from: 'packer', what: 'Assign an order to a rider' },
  { permission: 'orders.cancel', from: 'manager', what: 'Cancel an order with a reason, and refund it' },
  {
    permission: 'orders.refund',
    from: 'manager',
    what: 'Record a return or refund on a delivered order; undo a rider’s step the same day; reschedule an undelivered order',
  },
  {
    permission: 'cash.handover',
    from: 'manager',
    what: 'Record a rider’s day-end cash handover and see the day’s cash',
  },
  { permission: 'complaints.manage', from: 'manager', what: 'See, acknowledge and resolve customers’ complaints' },
  {
    permission: 'products.manage',
    from: 'manager',
    what: 'Add, edit, archive and delete products (prices, stock, photos); categories, home banners and home rails; import and export the catalogue',
  },
  { permission: 'slots.manage', from: 'manager', what: 'Close, reopen and resize delivery slots' },
  { permission: 'promos.manage', from: 'manager', what: 'Create and end promo codes' },
  {
    permission: 'customers.manage',
    from: 'manager',
    what: 'Find customers; adjust their credit and points with a reason',
  },
  {
    permission: 'adjustments.approve',
    from: 'manager',
    what: 'Approve or reject another person’s credit or points adjustment above the approval limit',
  },
  {
    permission: 'refunds.above_limit',
    from: 'manager',
    what: 'Give back more than the refund limit on one order line while packing',
  },
  { permission: 'staff.manage', from: 'owner', what: 'Add staff, change their role, remove them' },
  { permission: 'audit.view', from: 'owner', what: 'Read the audit log' },
] as const satisfies readonly { permission: string; from: StaffRole; what: string }[];

/** A permission's name, e.g. `orders.process`. */
export type Permission = (typeof PERMISSION_TABLE)[number]['permission'];

const rank = (role: StaffRole) => STAFF_ROLES.indexOf(role);
const FROM = new Map<string, StaffRole>(PERMISSION_TABLE.map((row) => [row.permission, row.from]));

/** Whether `role` has `permission` (false for an unknown permission). */
export function roleCan(role: StaffRole, permission: Permission): boolean {
  const from = FROM.get(permission);
  return from !== undefined && rank(role) >= rank(from);
}

/** Every permission `role` has, in table order. */
export function permissionsOf(role: StaffRole): Permission[] {
  return PERMISSION_TABLE.filter((row) => roleCan(role, row.permission)).map((row) => row.permission);
}

/** Whether `value` is one of the table's permissions. */
export function isPermission(value: string): value is Permission {
  return FROM.has(value);
}
