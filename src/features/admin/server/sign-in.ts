/**
 * Staff sign-in with an OTP to their mobile, under the customers' rules: the auth feature's code
 * generation, expiry, wrong-try limits, send and verify throttles and SMS sender (OTP purpose
 * `staff_login`, so a customer's code never opens the back office and the reverse). A sign-in and
 * a wrong code for a staff mobile are audit entries.
 */
import type { Database } from '#lib/db/index.ts';
import { recordAudit } from '#lib/db/audit.ts';
import { AppError } from '#lib/http/envelope.ts';
import type { SessionStaff } from '#lib/http/staff-session.ts';
import { guardOtpSend, issueOtp, throttleIp, verifyOtp, type OtpSent } from '#features/auth/index.ts';
import { STAFF_MESSAGES } from '../rules.ts';
import { createStaffSession } from './session.ts';
import { findStaffByPhone } from './staff.ts';

/** Sends a sign-in code to a staff member's mobile. 404 when no active member has it; 429 and 503 as for customers. */
export async function sendStaffOtp(db: Database, phone: string, ip: string): Promise<OtpSent> {
  await guardOtpSend(db, ip, phone);
  if (!(await findStaffByPhone(db, phone))) throw new AppError('not_found', STAFF_MESSAGES.notStaff);
  return issueOtp(db, phone, 'staff_login', undefined, ip);
}

/**
 * Checks the code and opens a staff session (with its audit entry, in one transaction). Returns
 * the new session's clear token.
 */
export async function completeStaffLogin(
  db: Database,
  phone: string,
  code: string,
  ip: string,
  requestId: string | null,
): Promise<{ token: string; staff: SessionStaff }> {
  await throttleIp(db, ip);
  try {
    await verifyOtp(db, phone, code, ['staff_login'], ip);
  } catch (err) {
    const member = await findStaffByPhone(db, phone);
    if (member && err instanceof AppError && err.code === 'bad_request') {
      await recordAudit(
        db,
        { staffId: member.id, name: member.name, role: member.role, requestId },
        { action: 'staff.sign_in_failed', record: { type: 'staff', id: member.id }, after: { reason: err.message } },
      );
    }
    throw err;
  }
  return db.transaction(async (tx) => {
    const member = await findStaffByPhone(tx, phone);
    // Removed between the send and the code.
    if (!member) throw new AppError('not_found', STAFF_MESSAGES.notStaff);
    const { token, sessionId } = await createStaffSession(tx, member);
    await recordAudit(
      tx,
      { staffId: member.id, name: member.name, role: member.role, requestId },
      { action: 'staff.signed_in', record: { type: 'staff', id: member.id } },
    );
    return { token, staff: { id: member.id, name: member.name, phone: member.phone, role: member.role, sessionId } };
  });
}
