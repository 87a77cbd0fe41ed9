/**
 * What /my-account needs on the server (it needs a session: docs/account-rules.md#my-account): the
 * login address for a visitor, or the signed-in customer's
 * profile read here (no loading flash; null when it could not be read, and the island says
 * "Failed to load profile.").
 */
import type { APIContext } from 'astro';
import { getCustomer } from '#features/auth/index.ts';
import { getDb } from '#lib/db/index.ts';
import { logger } from '#lib/log.ts';
import { profileJson } from './account-json.ts';
import { getProfile } from './profile.ts';

/** `{ redirect }` to the login (back here afterwards) for a visitor; else `{ profile }`. */
export async function myAccountPage(
  ctx: Pick<APIContext, 'request' | 'cookies' | 'url' | 'locals'>,
): Promise<{ redirect: string } | { profile: ReturnType<typeof profileJson> | null }> {
  const customer = await getCustomer(ctx);
  if (!customer) return { redirect: `/login?next=${encodeURIComponent('/my-account')}` };
  try {
    return { profile: profileJson(await getProfile(await getDb(), customer.id)) };
  } catch (err) {
    logger.error({ err, reqId: (ctx.locals as App.Locals).reqId }, 'profile load failed');
    return { profile: null };
  }
}
