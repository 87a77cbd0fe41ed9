/**
 * The back office's own route handlers (contracts in contract.ts; mounted by the endpoint files
 * under src/pages/api/admin). Staff routes get their staff member and audit actor from the route
 * handler, which has checked the permission before reading anything of the request.
 */

import { clientIp, otpSentJson } from '#features/auth/index.ts';
import { otpCodeSchema } from '#features/auth/rules.ts';
import { codesShownOnScreen } from '#features/sms/index.ts';
import { NO_STORE } from '#lib/cache/cache-control.ts';
import { getConfig } from '#lib/config.ts';
import { recordAudit } from '#lib/db/audit.ts';
import { getDb } from '#lib/db/index.ts';
import { implement } from '#lib/http/handler.ts';
import { permissionsOf } from '#lib/http/permissions.ts';
import {
  addStaffRoute,
  auditRoute,
  changeStaffRoleRoute,
  listStaffRoute,
  removeStaffRoute,
  staffLoginRoute,
  staffLogoutRoute,
  staffMeRoute,
  staffOtpRoute,
} from './contract.ts';
import { staffCodeSentMessage } from './messages.ts';
import { STAFF_MESSAGES } from './rules.ts';
import { auditJson, staffJson } from './server/admin-json.ts';
import { listAudit } from './server/audit.ts';
import { clearStaffCookies, revokeStaffSession, setStaffCookies } from './server/session.ts';
import { completeStaffLogin, sendStaffOtp } from './server/sign-in.ts';
import { addStaff, changeStaffRole, listStaff, removeStaff } from './server/staff.ts';

export const staffOtpEndpoint = implement(staffOtpRoute, async ({ ctx, body }) => {
  const sent = await sendStaffOtp(await getDb(), body.mobile, clientIp(ctx));
  // The message follows the configured sender, not the answer: a staff mobile's and a stranger's read alike.
  return {
    data: otpSentJson(sent),
    message: staffCodeSentMessage(body.mobile, codesShownOnScreen()),
    headers: NO_STORE,
  };
});

export const staffLoginEndpoint = implement(staffLoginRoute, async ({ ctx, body }) => {
  const { otp } = otpCodeSchema(getConfig().OTP_LENGTH).parse({ otp: body.otp });
  const { token, staff } = await completeStaffLogin(await getDb(), body.mobile, otp, clientIp(ctx), ctx.locals.reqId);
  setStaffCookies(ctx.cookies, ctx, token);
  return { data: { staff: staffJson(staff) }, message: STAFF_MESSAGES.signedIn, headers: NO_STORE };
});

export const staffLogoutEndpoint = implement(staffLogoutRoute, async ({ ctx, staff, actor }) => {
  const db = await getDb();
  await revokeStaffSession(db, staff.sessionId);
  await recordAudit(db, actor, { action: 'staff.signed_out', record: { type: 'staff', id: staff.id } });
  clearStaffCookies(ctx.cookies, ctx);
  return { data: {}, message: STAFF_MESSAGES.signedOut, headers: NO_STORE };
});

export const staffMeEndpoint = implement(staffMeRoute, ({ staff }) => ({
  data: { staff: staffJson(staff), permissions: permissionsOf(staff.role) },
  headers: NO_STORE,
}));

export const listStaffEndpoint = implement(listStaffRoute, async () => ({
  data: { staff: (await listStaff(await getDb())).map(staffJson) },
  headers: NO_STORE,
}));

export const addStaffEndpoint = implement(addStaffRoute, async ({ body, actor }) => ({
  data: { staff: staffJson(await addStaff(await getDb(), body, actor)) },
  status: 201,
  message: `${body.name} can now sign in.`,
  headers: NO_STORE,
}));

export const changeStaffRoleEndpoint = implement(changeStaffRoleRoute, async ({ params, body, actor }) => ({
  data: { staff: staffJson(await changeStaffRole(await getDb(), params.id, body.role, actor)) },
  message: 'Role changed.',
  headers: NO_STORE,
}));

export const removeStaffEndpoint = implement(removeStaffRoute, async ({ params, actor }) => {
  const removed = await removeStaff(await getDb(), params.id, actor);
  return { data: { staff: staffJson(removed) }, message: `${removed.name} was removed.`, headers: NO_STORE };
});

export const auditEndpoint = implement(auditRoute, async ({ query }) => {
  const { entries, nextBeforeId } = await listAudit(await getDb(), {
    staffId: query.staff_id,
    recordType: query.record_type || undefined,
    recordId: query.record_id || undefined,
    beforeId: query.before_id,
  });
  return { data: { entries: entries.map(auditJson), next_before_id: nextBeforeId }, headers: NO_STORE };
});
