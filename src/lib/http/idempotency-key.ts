/**
 * A fresh idempotency key for one action a browser may send again (a checkout attempt, a balance
 * adjustment): a UUID, or 32 random hex digits where `crypto.randomUUID` is missing. Browsers
 * give `randomUUID` only to secure pages (HTTPS or localhost), and a shop's tablet may reach
 * the back office over plain HTTP on the local network; `getRandomValues` works everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}
