/**
 * Staff accounts: add, list, change role, remove (the staff CLI, scripts/staff.ts, and the owners'
 * /admin/staff page). Each change writes its audit entry in its own transaction; a role change or
 * a removal revokes the member's sessions in that transaction too, so they end at once. The shop
 * always keeps one active owner, and nobody changes their own role or removes themselves from the
 * back office (another owner does, or the command line, which has no staff member).
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import { recordAudit } from '#lib/db/audit.ts';
import type { Database } from '#lib/db/index.ts';
import { staff } from '#lib/db/schema.ts';
import type { Transaction } from '#lib/db/types.ts';
import { AppError, notFound } from '#lib/http/envelope.ts';
import type { StaffRole } from '#lib/http/permissions.ts';
import type { StaffActor } from '#lib/http/staff-session.ts';
import { type NewStaff, STAFF_MESSAGES } from '../rules.ts';
import { revokeAllStaffSessions } from './session.ts';

/** A staff member as the back office shows them. */
export interface StaffMember {
  id: number;
  name: string;
  phone: string;
  role: StaffRole;
  createdAt: Date;
}

/** The actor of a change made on the server's command line (npm run staff). */
export const COMMAND_LINE: StaffActor = { staffId: null, name: 'Command line', role: 'cli', requestId: null };

const columns = { id: staff.id, name: staff.name, phone: staff.phone, role: staff.role, createdAt: staff.createdAt };
/**
 * What an entry keeps of a member: the role. The record's id names them; their name and mobile
 * stay in `staff`, where the audit page reads the name (ADR 0118).
 */
const snapshot = (m: Pick<StaffMember, 'role'>) => ({ role: m.role });

/** Active staff, owners first, then by name. */
export async function listStaff(db: Database): Promise<StaffMember[]> {
  const rows = await db.select(columns).from(staff).where(eq(staff.active, true)).orderBy(asc(staff.name));
  const order = { owner: 0, manager: 1, packer: 2, rider: 3 } as const;
  return rows.sort((a, b) => order[a.role] - order[b.role]);
}

/** An active staff member by mobile (E.164), or null. */
export async function findStaffByPhone(db: Database | Transaction, phone: string): Promise<StaffMember | null> {
  const [row] = await db
    .select(columns)
    .from(staff)
    .where(and(eq(staff.phone, phone), eq(staff.active, true)));
  return row ?? null;
}

/** Adds a staff member. 409 when an active member has the mobile already. */
export async function addStaff(db: Database, input: NewStaff, actor: StaffActor): Promise<StaffMember> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(staff)
        .values({ name: input.name, phone: input.mobile, role: input.role })
        .returning(columns);
      await recordAudit(tx, actor, {
        action: 'staff.added',
        record: { type: 'staff', id: row!.id },
        after: snapshot(row!),
      });
      return row!;
    });
  } catch (err) {
    const pgErr = ((err as { cause?: unknown })?.cause ?? err) as { code?: string; constraint?: string };
    if (pgErr?.code === '23505' && pgErr.constraint === 'staff_phone_active_key')
      throw new AppError('conflict', STAFF_MESSAGES.alreadyStaff);
    throw err;
  }
}

/** Refuses (409) a change of the actor's own role or account. */
function assertNotSelf(actor: StaffActor, id: number): void {
  if (actor.staffId === id) throw new AppError('conflict', STAFF_MESSAGES.notYourself);
}

/** Locks an active member's row (404 when there is none). */
async function lockMember(tx: Transaction, id: number): Promise<StaffMember> {
  const [row] = await tx
    .select(columns)
    .from(staff)
    .where(and(eq(staff.id, id), eq(staff.active, true)))
    .for('update');
  if (!row) throw notFound(STAFF_MESSAGES.notFound);
  return row;
}

/**
 * Refuses (409) a change that would leave no active owner. Owners' rows are locked in id order,
 * so two owners demoting each other at once cannot both pass.
 */
async function assertAnotherOwner(tx: Transaction, id: number): Promise<void> {
  const others = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.role, 'owner'), eq(staff.active, true), ne(staff.id, id)))
    .orderBy(asc(staff.id))
    .for('update');
  if (others.length === 0) throw new AppError('conflict', STAFF_MESSAGES.lastOwner);
}

/** Changes a member's role and ends their sessions. The same role again changes nothing. */
export async function changeStaffRole(
  db: Database,
  id: number,
  role: StaffRole,
  actor: StaffActor,
): Promise<StaffMember> {
  return db.transaction(async (tx) => {
    const before = await lockMember(tx, id);
    if (before.role === role) return before;
    assertNotSelf(actor, id);
    if (before.role === 'owner') await assertAnotherOwner(tx, id);
    const [after] = await tx.update(staff).set({ role }).where(eq(staff.id, id)).returning(columns);
    await revokeAllStaffSessions(tx, id);
    await recordAudit(tx, actor, {
      action: 'staff.role_changed',
      record: { type: 'staff', id },
      before: snapshot(before),
      after: snapshot(after!),
    });
    return after!;
  });
}

/** Removes a member (the row stays for the audit log) and ends their sessions. */
export async function removeStaff(db: Database, id: number, actor: StaffActor): Promise<StaffMember> {
  return db.transaction(async (tx) => {
    const before = await lockMember(tx, id);
    assertNotSelf(actor, id);
    if (before.role === 'owner') await assertAnotherOwner(tx, id);
    await tx.update(staff).set({ active: false }).where(eq(staff.id, id));
    await revokeAllStaffSessions(tx, id);
    await recordAudit(tx, actor, { action: 'staff.removed', record: { type: 'staff', id }, before: snapshot(before) });
    return before;
  });
}
