/**
 * Staff sign-in with an OTP to their mobile, under the customers' rules: the auth feature's code
 * generation, expiry, wrong-try limits, send and verify throttles and SMS sender (OTP purpose
 * `staff_login`, so a customer's code never opens the back office and the reverse, and neither
 * cancels the other). A sign-in and a wrong code for a staff mobile are audit entries.
 */

import { guardOtpSend, issueOtp, OTP_WRONG_LOCKED, type OtpSent, throttleIp, verifyOtp } from '#features/auth/index.ts';
import { SMS_UNAVAILABLE_RETRY_S, smsAvailable } from '#features/sms/index.ts';
import { recordAudit } from '#lib/db/audit.ts';
import type { Database } from '#lib/db/index.ts';
import { AppError, isAppError } from '#lib/http/envelope.ts';
import type { SessionStaff } from '#lib/http/staff-session.ts';
import { STAFF_MESSAGES } from '../rules.ts';
import { createStaffSession } from './session.ts';
import { findStaffByPhone } from './staff.ts';

/**
 * Sends a sign-in code to a staff member's mobile (after the answer, through auth's SMS queue);
 * 429 and 503 as for customers, except that with no SMS sender (outside demo mode) the 503 tells
 * staff that sign-in by SMS is not set up and an operator must set SMS_SENDER (customers read
 * that it is not available right now). A mobile that is no active member's gets the same answer, status
 * and headers, after the same database work (limits and SMS budget counted, a code row written
 * whose hash no typed code matches) with nothing sent and no code to show even in demo mode, so
 * neither the answer nor its time tells a stranger which numbers open the back office; any code
 * for it is refused like a wrong one. A gateway failure is logged and counted, never answered.
 */
export async function sendStaffOtp(db: Database, phone: string, ip: string): Promise<OtpSent> {
  if (!smsAvailable())
    throw new AppError('unavailable', STAFF_MESSAGES.smsNotSetUp, { retryAfter: SMS_UNAVAILABLE_RETRY_S });
  await guardOtpSend(db, ip, phone);
  const member = await findStaffByPhone(db, phone);
  return issueOtp(db, phone, 'staff_login', undefined, ip, { deliver: member !== null });
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
    // A wrong code is recorded, also the one whose answer is the wrong-code lock's 429.
    if (member && err instanceof AppError && (err.code === 'bad_request' || isAppError(err, OTP_WRONG_LOCKED))) {
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
