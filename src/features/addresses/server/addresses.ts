/**
 * The customer's address book (docs/account-rules.md#address-book). Scoped by customer:
 * another customer's address id is not found (404). The first address becomes the default; the
 * default is listed first; deleting the default promotes the newest remaining address.
 * Delivery area: an address is deliverable when a delivery zone serves its PIN code
 * (src/features/delivery; the demo serves Thrissur's 680xxx).
 */
import { and, desc, eq, ne } from 'drizzle-orm';
import { deliveryConfig, zoneForPin } from '#features/delivery/index.ts';
import type { Database, Transaction } from '#lib/db/index.ts';
import { addresses } from '#lib/db/schema.ts';
import { notFound } from '#lib/http/envelope.ts';
import { ADDRESS_MESSAGES, type AddressInput } from '../rules.ts';

export interface Address {
  id: number;
  type: string;
  name: string;
  mobile: string;
  buildingNum: string;
  street: string;
  landmark: string | null;
  city: string;
  poBox: string;
  latitude: number;
  longitude: number;
  isDefault: boolean;
  /** Whether the shop delivers to this postal code. */
  deliverable: boolean;
}

/** The delivery zones' names and the PIN codes and prefixes they serve (for "we deliver in …" messages). */
export function servedPrefixes(): { names: string[]; prefixes: string[] } {
  const { zones } = deliveryConfig();
  const prefixes = zones.flatMap((z) => z.pinPrefixes);
  // Exact codes a prefix already covers would only repeat it.
  const codes = zones.flatMap((z) => z.pinCodes).filter((c) => !prefixes.some((p) => c.startsWith(p)));
  return { names: zones.map((z) => z.name), prefixes: [...prefixes, ...codes] };
}

/** True when a delivery zone serves the postal code. */
export const isServed = (poBox: string) => zoneForPin(poBox) !== null;

type Row = typeof addresses.$inferSelect;
const toAddress = (r: Row): Address => ({
  id: r.id,
  type: r.type,
  name: r.name,
  mobile: r.mobile,
  buildingNum: r.buildingNum,
  street: r.street,
  landmark: r.landmark,
  city: r.city,
  poBox: r.poBox,
  latitude: Number(r.latitude),
  longitude: Number(r.longitude),
  isDefault: r.isDefault,
  deliverable: isServed(r.poBox),
});

/** The customer's addresses, default first, then newest first. */
export async function listAddresses(db: Database, customerId: number): Promise<Address[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.customerId, customerId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id));
  return rows.map(toAddress);
}

/** One of the customer's addresses, or 404. */
export async function getAddress(db: Database | Transaction, customerId: number, addressId: number): Promise<Address> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.customerId, customerId)));
  if (!row) throw notFound(ADDRESS_MESSAGES.notFound);
  return toAddress(row);
}

const values = (input: AddressInput) => ({
  type: input.type,
  name: input.name,
  mobile: input.mobile,
  buildingNum: input.building_num,
  street: input.street,
  landmark: input.landmark,
  city: input.city,
  poBox: input.po_box,
  latitude: input.latitude,
  longitude: input.longitude,
});

/** Adds an address; the customer's first becomes the default. */
export async function addAddress(db: Database, customerId: number, input: AddressInput): Promise<Address> {
  const id = await db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.customerId, customerId))
      .limit(1);
    const [row] = await tx
      .insert(addresses)
      .values({ ...values(input), customerId, isDefault: existing.length === 0 })
      .returning({ id: addresses.id });
    return row!.id;
  });
  return getAddress(db, customerId, id);
}

/** Replaces an address's fields. 404 when it is not the customer's. */
export async function editAddress(
  db: Database,
  customerId: number,
  addressId: number,
  input: AddressInput,
): Promise<Address> {
  const updated = await db
    .update(addresses)
    .set(values(input))
    .where(and(eq(addresses.id, addressId), eq(addresses.customerId, customerId)))
    .returning({ id: addresses.id });
  if (!updated.length) throw notFound(ADDRESS_MESSAGES.notFound);
  return getAddress(db, customerId, addressId);
}

/** Deletes an address; when it was the default, the newest remaining one becomes the default. */
export async function deleteAddress(db: Database, customerId: number, addressId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.customerId, customerId)))
      .returning({ isDefault: addresses.isDefault });
    if (!gone) throw notFound(ADDRESS_MESSAGES.notFound);
    if (gone.isDefault) {
      const [next] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.customerId, customerId))
        .orderBy(desc(addresses.createdAt), desc(addresses.id))
        .limit(1);
      if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
    }
  });
}

/** Makes an address the default (and no other). 404 when it is not the customer's. */
export async function setDefaultAddress(db: Database, customerId: number, addressId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.customerId, customerId)));
    if (!row) throw notFound(ADDRESS_MESSAGES.notFound);
    await tx
      .update(addresses)
      .set({ isDefault: false })
      .where(and(eq(addresses.customerId, customerId), ne(addresses.id, addressId)));
    await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, addressId));
  });
}
