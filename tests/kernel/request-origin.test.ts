/**
 * Which requests count as HTTPS and as coming from this site
 * (src/lib/http/request-origin.ts). Forwarded headers reach these functions only from a trusted
 * proxy (the listener removes them otherwise: tests/kernel/client-ip.test.ts), so here a forwarded
 * header present is a trusted one.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '#lib/config.ts';
import { isHttps, isSameOriginRequest, requestOrigin, wantsSecureCookies } from '#lib/http/request-origin.ts';

const url = new URL('http://shop.example/api/logout');
const req = (headers: Record<string, string>) =>
  new Request(url, { method: 'POST', headers: { host: 'shop.example', ...headers } });

function withEnv(env: Record<string, string>) {
  Object.assign(process.env, env);
  resetConfigForTests();
}

afterEach(() => {
  delete process.env.SITE_URL;
  resetConfigForTests();
});

describe('isHttps', () => {
  it('believes a TLS socket always, X-Forwarded-Proto only from a trusted proxy', () => {
    expect(isHttps(true, undefined, false)).toBe(true);
    expect(isHttps(false, 'https', false)).toBe(false);
    expect(isHttps(false, 'https', true)).toBe(true);
    expect(isHttps(false, 'HTTPS, http', true)).toBe(true);
    expect(isHttps(false, 'http, https', true)).toBe(false);
    expect(isHttps(false, ['https'], true)).toBe(true);
    expect(isHttps(false, undefined, true)).toBe(false);
  });
});

describe('requestOrigin and Secure cookies', () => {
  it('without forwarded headers: the Host header and the socket scheme', () => {
    const r = req({});
    expect(requestOrigin(r, url)).toBe('http://shop.example');
    expect(wantsSecureCookies(r, url)).toBe(false);
  });

  it("uses a trusted proxy's X-Forwarded-Host and -Proto", () => {
    const r = req({ 'x-forwarded-host': 'www.shop.example', 'x-forwarded-proto': 'https' });
    expect(requestOrigin(r, url)).toBe('https://www.shop.example');
    expect(wantsSecureCookies(r, url)).toBe(true);
  });

  it('makes cookies Secure when SITE_URL is https', () => {
    withEnv({ SITE_URL: 'https://shop.example' });
    expect(wantsSecureCookies(req({}), url)).toBe(true);
  });
});

describe('isSameOriginRequest', () => {
  const cookie = 'ff_session=abc';
  it.each([
    [{ cookie, origin: 'http://shop.example' }, true],
    [{ cookie, origin: 'https://shop.example' }, false], // another scheme is another origin
    [{ cookie, origin: 'http://evil.example' }, false],
    [{ cookie, origin: 'null' }, false],
    [{ cookie, 'sec-fetch-site': 'same-origin' }, true],
    [{ cookie, 'sec-fetch-site': 'same-site' }, false],
    [{ cookie, 'sec-fetch-site': 'cross-site', referer: 'http://shop.example/' }, false],
    [{ cookie, referer: 'http://shop.example/my-account' }, true],
    [{ cookie, referer: 'http://evil.example/' }, false],
    [{ cookie }, false],
    [{ cookie, authorization: 'Bearer tok' }, true],
    [{ cookie, authorization: 'Basic dXNlcjpwYXNz' }, false],
    [{}, true],
    [{ origin: 'http://evil.example' }, false],
  ])('%j → %s', (headers, expected) => {
    expect(isSameOriginRequest(req(headers), url)).toBe(expected);
  });

  it("accepts the SITE_URL origin, and a trusted proxy's forwarded host", () => {
    withEnv({ SITE_URL: 'https://www.shop.example' });
    expect(isSameOriginRequest(req({ cookie, origin: 'https://www.shop.example' }), url)).toBe(true);
    expect(isSameOriginRequest(req({ cookie, origin: 'https://proxy.example' }), url)).toBe(false);
    expect(
      isSameOriginRequest(
        req({
          cookie,
          origin: 'https://proxy.example',
          'x-forwarded-host': 'proxy.example',
          'x-forwarded-proto': 'https',
        }),
        url,
      ),
    ).toBe(true);
  });
});
