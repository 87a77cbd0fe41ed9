/**
 * Request ids (`X-Request-Id`): the client's own when it is well-formed (6–64 letters, digits,
 * `.`, `_` or `-`), else a new UUID. The middleware gives one to every answer, so the logs can be
 * joined with it.
 */
import { randomUUID } from 'node:crypto';

const REQ_ID = /^[A-Za-z0-9._-]{6,64}$/;

/** The id for a request whose X-Request-Id header is `incoming` (possibly absent or repeated). */
export function requestId(incoming: string | string[] | null | undefined): string {
  return typeof incoming === 'string' && REQ_ID.test(incoming) ? incoming : randomUUID();
}
