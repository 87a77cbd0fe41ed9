/**
 * POST or DELETE /api/customer/delete-account: revokes every session, removes the personal data
 * (orders stay, anonymised) and clears the cookies; "Account deleted successfully!".
 * The spec lists this as GET; a GET that changes state can be triggered by any link or image on
 * another site, so (issue 11) GET and HEAD answer 405 with `Allow: POST, DELETE`, and the
 * middleware's same-origin check applies to both methods that do delete.
 */
import type { APIContext } from 'astro';
import { api, ok } from '../../../lib/http/envelope.ts';
import { getDb } from '../../../lib/db/index.ts';
import { deleteAccount } from '../../../features/account/server/account.ts';
import { clearSessionCookie, requireCustomer } from '../../../features/auth/server/session.ts';
import { ACCOUNT_MESSAGES } from '../../../features/account/rules.ts';
import { NO_STORE } from '../../../lib/cache/cache-control.ts';

async function remove(ctx: APIContext): Promise<Response> {
  const customer = await requireCustomer(ctx);
  await deleteAccount(await getDb(), customer.id);
  clearSessionCookie(ctx.cookies, ctx);
  return ok({}, { message: ACCOUNT_MESSAGES.accountDeleted, headers: NO_STORE });
}

export const POST = api(remove);
export const DELETE = api(remove);
