/**
 * What other features do when a customer signs in, inside the sign-in request. Auth declares the hook and
 * calls it; a feature that needs it registers a listener at the server's start-up (src/server/wiring.ts), so
 * auth imports none of them.
 */
import type { APIContext } from 'astro';
import type { Database } from '#lib/db/index.ts';

/** Runs after a successful OTP login, with the signed-in customer's id. */
export type SignInListener = (ctx: APIContext, db: Database, customerId: number) => Promise<void>;

const listeners = new Set<SignInListener>();

/** Adds a listener (the same function twice counts once). */
export function onSignIn(listener: SignInListener): void {
  listeners.add(listener);
}

/** Runs every listener, in the order they were added. */
export async function signedIn(ctx: APIContext, db: Database, customerId: number): Promise<void> {
  for (const listener of listeners) await listener(ctx, db, customerId);
}
