/**
 * Who the client is, by address, and whether a forwarded header may say so.
 *
 * - Forwarded headers (`X-Forwarded-For`, `-Proto`, `-Host`, `-Port`, `Forwarded`) count only on
 *   a connection from an address in TRUSTED_PROXIES (the shop's own reverse proxies). The
 *   listener (src/server/listener.ts) removes them from every other request before anything
 *   reads them, so the rest of the server may believe a forwarded header it still sees.
 * - The client IP behind trusted proxies is the right-most `X-Forwarded-For` address that is not
 *   itself a trusted proxy: each proxy appends the address it saw, so everything left of that is
 *   what the client wrote, and never counts.
 * - Per-IP limits key an IPv6 client by its /64 (one subscriber's network: a home or phone gets a
 *   whole /64 and may use any address in it), an IPv4 client by its address.
 * Addresses are parsed and matched by `ipaddr.js`.
 */
import ipaddr from 'ipaddr.js';
import { getConfig } from '../config.ts';

/** Request headers a proxy sets; believed only from a trusted proxy. */
export const FORWARDED_HEADERS = [
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-forwarded-port',
  'forwarded',
];

/** `text` as an address (IPv4-mapped IPv6 as IPv4), or null when it is not one. */
function parse(text: string | undefined | null): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (!text) return null;
  const bare = text.trim().replace(/^\[(.*)\](?::\d+)?$/, '$1');
  try {
    return ipaddr.process(bare);
  } catch {
    return null;
  }
}

/** True when `address` lies in one of `ranges` (TRUSTED_PROXIES by default). */
export function isTrustedProxy(
  address: string | undefined | null,
  ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][] = getConfig().TRUSTED_PROXIES,
): boolean {
  const parsed = parse(address);
  if (!parsed) return false;
  return ranges.some(([net, bits]) => net.kind() === parsed.kind() && parsed.match(net, bits));
}

/**
 * The client's address: `peer` (the connecting address), or, when `peer` is a trusted proxy, the
 * right-most `X-Forwarded-For` entry that is not (the left-most when all are).
 * @example clientAddress('10.0.0.2', '6.6.6.6, 203.0.113.7') // '203.0.113.7' with TRUSTED_PROXIES=10.0.0.0/8
 */
export function clientAddress(peer: string | undefined | null, forwardedFor: string | null | undefined): string {
  const direct = peer?.trim() || 'unknown';
  if (!forwardedFor || !isTrustedProxy(peer)) return direct;
  const hops = forwardedFor
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) if (!isTrustedProxy(hops[i])) return hops[i]!;
  return hops[0] ?? direct;
}

/**
 * The key per-IP limits count under: an IPv4 address as is, an IPv6 address as its /64
 * ("2001:db8:1:2::/64"), anything else as given (cut to 64 characters).
 * @example ipKey('2001:db8:1:2:aaaa::1') // '2001:db8:1:2::/64'
 */
export function ipKey(address: string): string {
  const parsed = parse(address);
  if (!parsed) return address.slice(0, 64);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).concat([0, 0, 0, 0]);
  return `${new ipaddr.IPv6(parts).toRFC5952String()}/64`;
}
