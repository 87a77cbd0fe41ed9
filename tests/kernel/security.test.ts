/**
 * Safe to run in production, over HTTP on every test database: state changes need
 * an unsafe method and, with cookies, positive proof of coming from this site; `next=` after
 * sign-in stays on this site; the page CSP allows no inline script but the hashed ones; HSTS and
 * Secure, `__Host-` prefixed session cookies only over HTTPS (the test servers trust loopback as
 * their proxy, TRUSTED_PROXIES).
 */
import { createHash, randomInt } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { randomPhone } from '../helpers/api.ts';

describe.each(inject('servers'))('security on $kind', ({ baseUrl }) => {
  const ip = () => `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;

  /** A raw request: only the headers given (plus a client IP), no Origin unless asked for. */
  async function raw(method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
    const h: Record<string, string> = { 'x-forwarded-for': ip(), ...headers };
    if (body !== undefined) h['content-type'] = 'application/json';
    const res = await fetch(baseUrl + path, {
      method,
      headers: h,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    const text = await res.text();
    let json: any = null;
    try {
      json = JSON.parse(text);
    } catch {
      /* HTML or empty */
    }
    return { status: res.status, headers: res.headers, text, json };
  }

  /** A new customer signed in: its session cookie and its Bearer token (two sessions). */
  async function customer(loginHeaders: Record<string, string> = {}) {
    const mobile = randomPhone();
    const reg = await raw('POST', '/api/register', {}, { name: 'Safe Shopper', email: 'safe@example.com', mobile });
    expect(reg.status).toBe(200);
    const login = await raw('POST', '/api/otp-login', loginHeaders, { key: mobile, otp: reg.json.data.demo_otp });
    expect(login.status).toBe(200);
    const setCookies = login.headers.getSetCookie();
    const cookie = setCookies.find((c) => /^(__Host-)?ff_session=/.test(c))!.split(';')[0]!;
    const again = await raw('POST', '/api/validate-customer', {}, { key: mobile, otp: '' });
    const bearer = await raw(
      'POST',
      '/api/otp-login',
      { 'x-token-transport': 'bearer' },
      { key: mobile, otp: again.json.data.demo_otp },
    );
    return { cookie: `${cookie}; ff_auth=1`, token: bearer.json.data.token as string, setCookies };
  }

  const profileStatus = async (cookie: string) => (await raw('GET', '/api/customer/profile', { cookie })).status;

  it('never deletes an account on GET or HEAD: 405 with Allow, and the account stays', async () => {
    const { cookie } = await customer();
    for (const headers of [
      { cookie },
      { cookie, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' },
      { cookie, referer: 'https://evil.example/' },
    ] as Record<string, string>[]) {
      const get = await raw('GET', '/api/customer/delete-account', headers);
      expect(get.status).toBe(405);
      expect(get.headers.get('allow')).toBe('POST, DELETE');
      expect(get.json).toMatchObject({ success: false });
    }
    const head = await raw('HEAD', '/api/customer/delete-account', { cookie });
    expect(head.status).toBe(405);
    expect(await profileStatus(cookie)).toBe(200);
  });

  it('answers 405 with Allow for a method an API route does not handle', async () => {
    const logout = await raw('GET', '/api/logout');
    expect(logout.status).toBe(405);
    expect(logout.headers.get('allow')).toBe('POST');
    const categories = await raw('DELETE', '/api/customer/product-categories');
    expect(categories.status).toBe(405);
    expect(categories.headers.get('allow')).toBe('GET, HEAD');
  });

  it('answers 405 with Allow: GET, HEAD for another method on the probes (/healthz, /readyz)', async () => {
    for (const path of ['/healthz', '/readyz']) {
      for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
        const res = await raw(method, path);
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.get('allow'), `${method} ${path}`).toBe('GET, HEAD');
        expect(res.json, `${method} ${path}`).toEqual({
          success: false,
          message: `${method} is not allowed here; use GET.`,
        });
      }
      expect((await raw('GET', path)).status, path).toBe(200);
      expect((await raw('HEAD', path)).status, path).toBe(200);
    }
  });

  it('refuses a cookie-authenticated change without proof of this origin (403), whatever else it carries', async () => {
    const { cookie } = await customer();
    const forged: Record<string, string>[] = [
      { cookie }, // no Origin, no Sec-Fetch-Site, no Referer
      { cookie, referer: 'https://evil.example/page' }, // a foreign Referer alone
      { cookie, referer: 'not a url' },
      { cookie, origin: 'https://evil.example' },
      { cookie, origin: 'null' },
      { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' }, // Origin wins over Sec-Fetch-Site
      { cookie, 'sec-fetch-site': 'cross-site', referer: `${baseUrl}/my-account` },
      { cookie, 'sec-fetch-site': 'same-site' },
      { cookie, 'sec-fetch-site': 'none' },
    ];
    for (const headers of forged) {
      for (const method of ['POST', 'DELETE']) {
        const res = await raw(method, '/api/customer/delete-account', headers);
        expect(res.status, `${method} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    expect(await profileStatus(cookie)).toBe(200);
  });

  it('accepts the change with a matching Origin, Sec-Fetch-Site: same-origin or a matching Referer', async () => {
    for (const proof of [
      { origin: baseUrl },
      { 'sec-fetch-site': 'same-origin' },
      { referer: `${baseUrl}/my-account?section=profile` },
    ] as Record<string, string>[]) {
      const { cookie } = await customer();
      const res = await raw('POST', '/api/customer/delete-account', { cookie, ...proof });
      expect(res.status, JSON.stringify(proof)).toBe(200);
      expect(res.json).toMatchObject({ success: true, message: 'Account deleted successfully!' });
      expect(await profileStatus(cookie)).toBe(401);
    }
  });

  it('lets a Bearer-token client without cookies delete with no Origin or Referer', async () => {
    const { token } = await customer();
    const res = await raw('DELETE', '/api/customer/delete-account', { authorization: `Bearer ${token}` });
    expect(res.status).toBe(200);
    expect((await raw('GET', '/api/customer/profile', { authorization: `Bearer ${token}` })).status).toBe(401);
  });

  it('keeps next= after sign-in on this site, and never answers 500 for it', async () => {
    const { cookie } = await customer();
    const cases: [string, string][] = [
      ['/%09/evil.example', '/'],
      ['%2F%2Fevil.example', '/'],
      ['/%5Cevil.example', '/'],
      ['/.//evil.example', '/'],
      ['https%3A%2F%2Fevil.example', '/'],
      ['javascript%3Aalert(1)', '/'],
      ['%0A', '/'],
      ['/%0D%0ASet-Cookie:%20x=1', '/'],
      ['/cart', '/cart'],
      ['/product/3%3Fqty%3D2', '/product/3?qty=2'],
    ];
    for (const [next, location] of cases) {
      const signedIn = await raw('GET', `/login?next=${next}`, { cookie });
      expect(signedIn.status, next).toBe(303);
      expect(signedIn.headers.get('location'), next).toBe(location);
      const guest = await raw('GET', `/login?next=${next}`);
      expect(guest.status, next).toBe(200);
      expect(guest.text).toContain(`data-next="${location.replace(/&/g, '&amp;')}"`);
    }
  });

  it('sends a CSP without unsafe-inline scripts that hashes every inline script and style of the page', async () => {
    for (const path of ['/', '/about', '/cart', '/login']) {
      const res = await raw('GET', path);
      expect(res.status, path).toBe(200);
      const csp = res.headers.get('content-security-policy') ?? '';
      const directive = (name: string) =>
        csp
          .split(';')
          .map((d) => d.trim())
          .find((d) => d.split(/\s+/)[0] === name) ?? '';
      const scriptSrc = directive('script-src');
      expect(scriptSrc, path).toMatch(/^script-src 'self'/);
      expect(scriptSrc, path).not.toContain('unsafe-inline');
      // Style elements by hash only; 'unsafe-inline' is for style="" attributes alone.
      expect(directive('style-src'), path).not.toContain('unsafe-inline');
      expect(directive('style-src-elem'), path).toMatch(/^style-src-elem 'self'/);
      expect(directive('style-src-elem'), path).not.toContain('unsafe-inline');
      expect(directive('style-src-attr'), path).toBe("style-src-attr 'unsafe-inline'");
      expect(directive('frame-ancestors'), path).toBe("frame-ancestors 'none'");
      const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
      const inlineScripts = [
        ...res.text.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g),
      ].map((m) => m[1]!);
      expect(inlineScripts.length, path).toBeGreaterThan(0);
      for (const script of inlineScripts) expect(scriptSrc, `${path}: ${script.slice(0, 60)}`).toContain(sha(script));
      for (const [, style] of res.text.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g))
        expect(directive('style-src-elem'), path).toContain(sha(style!));
    }
  });

  it('sends HSTS and Secure cookies only when the request came over HTTPS (a trusted proxy + X-Forwarded-Proto)', async () => {
    for (const path of ['/', '/about', '/api/customer/product-categories', '/favicon.svg']) {
      const https = await raw('GET', path, { 'x-forwarded-proto': 'https' });
      expect(https.headers.get('strict-transport-security'), path).toBe('max-age=63072000; includeSubDomains');
      const http = await raw('GET', path, { 'x-forwarded-proto': 'http' });
      expect(http.headers.get('strict-transport-security'), path).toBeNull();
      expect((await raw('GET', path)).headers.get('strict-transport-security'), path).toBeNull();
    }
    // Over HTTPS the session cookie is __Host- prefixed: Secure, Path=/, no Domain.
    const overHttps = await customer({ 'x-forwarded-proto': 'https' });
    const secure = overHttps.setCookies.find((c) => c.startsWith('__Host-ff_session='));
    expect(secure).toMatch(/;\s*Secure/i);
    expect(secure).toMatch(/;\s*Path=\/(;|$)/i);
    expect(secure).toMatch(/;\s*HttpOnly/i);
    expect(secure).not.toMatch(/;\s*Domain=/i);
    expect(overHttps.setCookies.some((c) => c.startsWith('ff_session='))).toBe(false);
    // The prefixed cookie signs the customer in.
    expect(await profileStatus(overHttps.cookie)).toBe(200);
    const overHttp = await customer();
    expect(overHttp.setCookies.find((c) => c.startsWith('ff_session='))).not.toMatch(/;\s*Secure/i);
    expect(overHttp.setCookies.some((c) => c.startsWith('__Host-'))).toBe(false);
  });

  it('matches the Origin against X-Forwarded-Host only because the connection is from a trusted proxy', async () => {
    const { cookie } = await customer();
    const proxied = await raw('POST', '/api/logout', {
      cookie,
      origin: 'https://shop.example',
      'x-forwarded-host': 'shop.example',
      'x-forwarded-proto': 'https',
    });
    expect(proxied.status).toBe(200);
  });
});
