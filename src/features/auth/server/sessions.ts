/**
 * Sessions (spec 000 §4; ARCHITECTURE "Auth and sessions"): a 256-bit random opaque token,
 * stored as its SHA-256 hash, 30 days of absolute life, a new token at every login, revoked on
 * logout. Tokens never reach the logs. The cookie side is session.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '#lib/db/index.ts';
import { customers, sessions } from '#lib/db/schema.ts';

/** Absolute life of a session: 30 days, in ms. */
export const SESSION_TTL_MS = 30 * 86_400_000;

/** The signed-in customer as the session knows it. */
export interface SessionCustomer {
  id: number;
  name: string | null;
  email: string | null;
  phone: string | null;
  sessionId: number;
}

/** Hex SHA-256 of a text (session tokens here; OTP codes, salted, in otp.ts). */
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Creates a session for a customer; returns the clear token (256 bits, base64url). */
export async function createSession(
  db: Database,
  customerId: number,
): Promise<{ token: string; sessionId: number; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const [row] = await db
    .insert(sessions)
    .values({ customerId, tokenHash: sha256(token), expiresAt })
    .returning({ id: sessions.id });
  return { token, sessionId: row!.id, expiresAt };
}

/** The customer of a live session token, or null (unknown, revoked, expired or deleted account). */
export async function customerForToken(db: Database, token: string): Promise<SessionCustomer | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({
      id: customers.id,
      name: customers.name,
      email: customers.email,
      phone: customers.phone,
      sessionId: sessions.id,
    })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(
      and(
        eq(sessions.tokenHash, sha256(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        isNull(customers.deletedAt),
      ),
    );
  return row ?? null;
}

/** Revokes one session. */
export async function revokeSession(db: Database, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every session of a customer (account deletion, phone change). */
export async function revokeAllSessions(db: Database, customerId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.customerId, customerId), isNull(sessions.revokedAt)));
}
