/**
 * The demo shop's staff: one member per role, so a visitor can sign in to the back office at
 * /admin/login as any of them (the demo OTP dialog shows the code when SMS_SENDER=console). Their
 * mobiles are in docs/demo-shop.md. With a real SMS gateway the codes go to numbers nobody holds.
 * Written inside seedDemoShop's transaction, only where the demo shop is seeded.
 */
import { and, eq, inArray } from 'drizzle-orm';
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

/**
 * Adds the demo staff whose mobile no active member has (staff outlive a re-seed, so the demo
 * members of an earlier seeding are there already); returns, by demo role, the id and name of the
 * active member with that demo mobile.
 */
export async function seedDemoStaff(tx: Transaction): Promise<Record<StaffRole, { id: number; name: string }>> {
  const phones = DEMO_STAFF.map((m) => m.phone);
  const active = and(inArray(schema.staff.phone, phones), eq(schema.staff.active, true));
  const existing = await tx.select({ phone: schema.staff.phone }).from(schema.staff).where(active);
  const missing = DEMO_STAFF.filter((m) => !existing.some((e) => e.phone === m.phone));
  if (missing.length) await tx.insert(schema.staff).values(missing.map((m) => ({ ...m })));
  const rows = await tx
    .select({ id: schema.staff.id, name: schema.staff.name, phone: schema.staff.phone })
    .from(schema.staff)
    .where(active);
  return Object.fromEntries(
    DEMO_STAFF.map((m) => {
      const row = rows.find((r) => r.phone === m.phone)!;
      return [m.role, { id: row.id, name: row.name }];
    }),
  ) as Record<StaffRole, { id: number; name: string }>;
}
