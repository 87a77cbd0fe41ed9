/**
 * Who the client is (src/lib/http/client-ip.ts): forwarded headers only from TRUSTED_PROXIES,
 * the right-most untrusted X-Forwarded-For entry, IPv6 clients keyed by their /64, and the
 * configuration's refusal of the replaced TRUST_PROXY.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { getConfig, resetConfigForTests } from '#lib/config.ts';
import { clientAddress, ipKey, isTrustedProxy } from '#lib/http/client-ip.ts';

function withEnv(env: Record<string, string>) {
  Object.assign(process.env, env);
  resetConfigForTests();
}

afterEach(() => {
  delete process.env.TRUSTED_PROXIES;
  delete process.env.TRUST_PROXY;
  resetConfigForTests();
});

describe('TRUSTED_PROXIES', () => {
  it('matches addresses and CIDR ranges, IPv4-mapped IPv6 as IPv4', () => {
    withEnv({ TRUSTED_PROXIES: '10.0.0.0/8, 192.168.1.5, 2001:db8::/32' });
    expect(isTrustedProxy('10.1.2.3')).toBe(true);
    expect(isTrustedProxy('::ffff:10.1.2.3')).toBe(true);
    expect(isTrustedProxy('192.168.1.5')).toBe(true);
    expect(isTrustedProxy('192.168.1.6')).toBe(false);
    expect(isTrustedProxy('2001:db8:ff::1')).toBe(true);
    expect(isTrustedProxy('2001:db9::1')).toBe(false);
    expect(isTrustedProxy('not an address')).toBe(false);
    expect(isTrustedProxy(undefined)).toBe(false);
  });

  it('trusts nobody by default', () => {
    expect(getConfig().TRUSTED_PROXIES).toEqual([]);
    expect(isTrustedProxy('127.0.0.1')).toBe(false);
  });

  it('refuses a bad range and the replaced TRUST_PROXY, naming them', () => {
    withEnv({ TRUSTED_PROXIES: '10.0.0.0/40' });
    expect(() => getConfig()).toThrow(/TRUSTED_PROXIES/);
    delete process.env.TRUSTED_PROXIES;
    withEnv({ TRUST_PROXY: 'true' });
    expect(() => getConfig()).toThrow(/TRUST_PROXY: is replaced by TRUSTED_PROXIES/);
  });
});

describe('clientAddress', () => {
  it('takes the socket address when the connection is not from a trusted proxy, whatever X-Forwarded-For says', () => {
    withEnv({ TRUSTED_PROXIES: '10.0.0.0/8' });
    expect(clientAddress('203.0.113.9', '1.2.3.4')).toBe('203.0.113.9');
    expect(clientAddress('203.0.113.9', null)).toBe('203.0.113.9');
  });

  it('behind trusted proxies: the right-most X-Forwarded-For entry that is not a proxy, never what the client wrote', () => {
    withEnv({ TRUSTED_PROXIES: '10.0.0.0/8' });
    // The client wrote "1.2.3.4"; the edge proxy appended the address it saw.
    expect(clientAddress('10.0.0.2', '1.2.3.4, 203.0.113.7')).toBe('203.0.113.7');
    // Two proxies of ours in the chain.
    expect(clientAddress('10.0.0.2', '1.2.3.4, 203.0.113.7, 10.0.0.9')).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.2', '10.0.0.3, 10.0.0.9')).toBe('10.0.0.3');
  });
});

describe('ipKey', () => {
  it('keys IPv4 by address and IPv6 by its /64', () => {
    expect(ipKey('203.0.113.7')).toBe('203.0.113.7');
    expect(ipKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(ipKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(ipKey('2001:db8:1:2::1')).toBe(ipKey('2001:db8:1:2:ffff::9'));
    expect(ipKey('2001:db8:1:3::1')).not.toBe(ipKey('2001:db8:1:2::1'));
  });
});
