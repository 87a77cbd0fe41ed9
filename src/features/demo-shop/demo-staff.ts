/**
 * The demo shop's staff: one member per role, so a visitor can sign in to the back office at
 * /admin/login as any of them (the demo OTP dialog shows the code when SMS_SENDER=console). Their
 * mobiles are in docs/demo-shop.md. With a real SMS gateway the codes go to numbers nobody holds.
 * Written inside seedDemoShop's transaction, only where the demo shop is seeded.
 */
import * as schema from '#lib/db/schema.ts';
import type { Transaction } from '#lib/db/types.ts';
import type { StaffRole } from '#lib/http/permissions.ts';

/** The demo staff: name, mobile (E.164) and role. */
export const DEMO_STAFF: readonly { name: string; phone: string; role: StaffRole }[] = [
  { name: 'Lakshmi Nair', phone: '+919447000101', role: 'owner' },
  { name: 'Ravi Menon', phone: '+919447000102', role: 'manager' },
  { name: 'Anu Thomas', phone: '+919447000103', role: 'packer' },
  { name: 'Biju Varghese', phone: '+919447000104', role: 'rider' },
];

/** Adds the demo staff; returns each one's id and name by role. */
export async function seedDemoStaff(tx: Transaction): Promise<Record<StaffRole, { id: number; name: string }>> {
  const rows = await tx
    .insert(schema.staff)
    .values(DEMO_STAFF.map((m) => ({ ...m })))
    .returning({ id: schema.staff.id, name: schema.staff.name, role: schema.staff.role });
  return Object.fromEntries(rows.map((r) => [r.role, { id: r.id, name: r.name }])) as Record<
    StaffRole,
    { id: number; name: string }
  >;
}
