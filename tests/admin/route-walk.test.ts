/**
 * Every back-office route, as the declarations list them (src/features/contracts.ts), and every
 * admin page: without a staff session, and with a customer's session (Bearer or cookie), a staff
 * route answers 401 and a page redirects to /admin/login; a role without the route's permission
 * gets 403 whatever it sends (the permission is checked before the body: a broken body gets the
 * same 403). Admin pages are never stored or indexed.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { allContracts } from '#features/contracts.ts';
import { type Permission, roleCan, STAFF_ROLES, type StaffRole } from '#lib/http/permissions.ts';
import { ApiClient } from '../helpers/api.ts';
import { DEMO_STAFF_PHONE, type StaffClient, staffClient } from './staff-helpers.ts';

const ADMIN_ROUTES = allContracts.filter((c) => c.path.startsWith('/api/admin/'));
const STAFF_ROUTES = ADMIN_ROUTES.filter((c) => c.auth === 'staff');
/** The two sign-in steps are the only admin routes open without a staff session. */
const SIGN_IN = ['POST /api/admin/login/otp', 'POST /api/admin/login'];

/** Admin pages and the permission each needs. */
const ADMIN_PAGES: { path: string; permission: Permission }[] = [
  { path: '/admin', permission: 'board.view' },
  { path: '/admin/orders/1', permission: 'deliveries.own' },
  { path: '/admin/deliveries', permission: 'deliveries.own' },
  { path: '/admin/picking', permission: 'picking.view' },
  { path: '/admin/products', permission: 'products.manage' },
  { path: '/admin/products/1', permission: 'products.manage' },
  { path: '/admin/products/new', permission: 'products.manage' },
  { path: '/admin/slots', permission: 'slots.manage' },
  { path: '/admin/promos', permission: 'promos.manage' },
  { path: '/admin/customers', permission: 'customers.manage' },
  { path: '/admin/picking/slips', permission: 'picking.view' },
  { path: '/admin/orders/1/slip', permission: 'picking.view' },
  { path: '/admin/staff', permission: 'staff.manage' },
  { path: '/admin/audit', permission: 'audit.view' },
  { path: '/admin/permissions', permission: 'self' },
];

const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '1');

describe('admin route declarations', () => {
  it('are staff routes with a permission from the table, except the two sign-in steps', () => {
    expect(STAFF_ROUTES.length).toBeGreaterThan(5);
    const open = ADMIN_ROUTES.filter((c) => c.auth !== 'staff').map((c) => `${c.method} ${c.path}`);
    expect(open.sort()).toEqual([...SIGN_IN].sort());
    for (const c of STAFF_ROUTES) expect(c.permission, `${c.method} ${c.path}`).toBeTruthy();
    expect(allContracts.filter((c) => c.auth === 'staff' && !c.path.startsWith('/api/admin/'))).toEqual([]);
  });

  it('offer no way to change or delete an audit entry', () => {
    const audit = allContracts.filter((c) => c.path.startsWith('/api/admin/audit'));
    expect(audit.length).toBeGreaterThan(0);
    expect(audit.every((c) => c.method === 'GET')).toBe(true);
  });
});

describe.each(inject('servers'))('admin routes and pages on $kind', ({ baseUrl }) => {
  const staff = {} as Record<Exclude<StaffRole, 'owner'>, StaffClient>;
  let customerBearer: ApiClient;
  let customerCookie: ApiClient;

  beforeAll(async () => {
    for (const role of ['rider', 'packer', 'manager'] as const)
      staff[role] = await staffClient(baseUrl, DEMO_STAFF_PHONE[role]);
    customerBearer = new ApiClient(baseUrl);
    await customerBearer.signUp();
    customerCookie = new ApiClient(baseUrl, true);
    const { phone } = await customerCookie.signUp();
    const sent = await customerCookie.post('/api/validate-customer', { json: { key: phone } });
    await customerCookie.post('/api/otp-login', { json: { key: phone, otp: sent.body.data.demo_otp } });
    expect(customerCookie.cookie).toMatch(/^ff_session=/);
  });

  it('answers 401 to every staff route without a staff session, whatever customer session it carries', async () => {
    const anonymous = new ApiClient(baseUrl);
    for (const c of STAFF_ROUTES) {
      const path = concrete(c.path);
      for (const client of [anonymous, customerBearer, customerCookie]) {
        const res = await client.request(c.method, path, c.body ? { json: {} } : {}, { origin: baseUrl });
        expect(res.status, `${c.method} ${path}`).toBe(401);
        expect(res.body).toMatchObject({ success: false, message: 'Please sign in to the back office.' });
      }
    }
  });

  it('answers 403 to a role without the permission, before reading the body', async () => {
    let refused = 0;
    for (const c of STAFF_ROUTES) {
      const path = concrete(c.path);
      for (const role of ['rider', 'packer', 'manager'] as const) {
        if (roleCan(role, c.permission!)) continue;
        // A body that is not JSON at all: a route that read it first would answer 400.
        const res = await fetch(baseUrl + path, {
          method: c.method,
          headers: {
            cookie: staff[role].cookie!,
            origin: baseUrl,
            'content-type': 'application/json',
            'x-forwarded-for': staff[role].ip,
          },
          body: c.method === 'GET' ? undefined : '{not json',
        });
        expect(res.status, `${role} ${c.method} ${path}`).toBe(403);
        expect((await res.json()).message).toMatch(/^Your role \((Rider|Packer|Manager)\) cannot do this\.$/);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(5);
  });

  it('redirects a visitor or a customer opening an admin page to the staff sign-in', async () => {
    for (const { path } of ADMIN_PAGES) {
      for (const cookie of [undefined, customerCookie.cookie!]) {
        const res = await fetch(baseUrl + path, { redirect: 'manual', headers: cookie ? { cookie } : {} });
        expect(res.status, path).toBe(302);
        expect(res.headers.get('location')).toBe(`/admin/login?next=${encodeURIComponent(path)}`);
        expect(res.headers.get('cache-control')).toBe('no-store');
      }
    }
  });

  it('serves admin pages no-store and noindex, and 403 to a role without the page’s permission', async () => {
    for (const { path, permission } of ADMIN_PAGES) {
      for (const role of ['rider', 'packer', 'manager'] as const) {
        const cookie = staff[role].cookie!.replace(/^ff_staff_api=/, 'ff_staff=');
        const res = await fetch(baseUrl + path, { redirect: 'manual', headers: { cookie } });
        const html = await res.text();
        expect(res.headers.get('cache-control')).toBe('no-store');
        if (path === '/admin' && role === 'rider') {
          // A rider has no board: their deliveries instead.
          expect(res.status).toBe(302);
          expect(res.headers.get('location')).toBe('/admin/deliveries');
          continue;
        }
        const expected = roleCan(role, permission) ? [200, 404] : [403];
        expect(expected, `${role} ${path}`).toContain(res.status);
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(res.headers.get('x-robots-tag')).toMatch(/noindex/);
        expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
      }
    }
    const login = await fetch(`${baseUrl}/admin/login`);
    expect(login.headers.get('cache-control')).toBe('no-store');
    expect(login.headers.get('x-robots-tag')).toMatch(/noindex/);
  });

  it('keeps the back office out of the sitemap and away from crawlers', async () => {
    expect(await (await fetch(`${baseUrl}/sitemap.xml`)).text()).not.toContain('/admin');
    expect(await (await fetch(`${baseUrl}/robots.txt`)).text()).toContain('Disallow: /admin');
  });

  it('documents every admin route under the admin tag with the staff security scheme and its permission', async () => {
    const doc = await (await fetch(`${baseUrl}/api/openapi.json`)).json();
    expect(doc.components.securitySchemes.staffCookie).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'ff_staff_api',
    });
    for (const c of ADMIN_ROUTES) {
      const op = doc.paths[c.path][c.method.toLowerCase()];
      expect(op.tags, `${c.method} ${c.path}`).toEqual(['admin']);
      if (c.auth === 'staff') {
        expect(op.security).toEqual([{ staffCookie: [] }]);
        expect(op['x-permission']).toBe(c.permission);
      }
    }
    expect(STAFF_ROLES).toContain('owner');
  });
});
