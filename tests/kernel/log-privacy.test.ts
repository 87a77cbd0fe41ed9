/**
 * Logs hold no personal data (src/lib/log.ts):
 * - a database error, as the logger writes it, keeps its SQL but loses its parameters (the
 *   customer's mobile, name, e-mail), on each test database;
 * - mobiles read `+91••••••45`;
 * - a code (an OTP) is redacted wherever it is logged, except a logged error's own code when it
 *   reads as one (ECONNREFUSED, a SQLSTATE), which an operator needs;
 * - the whole log of a server started here, at debug level, through a full API flow (sign-up by
 *   SMS gateway, profile, address, cart, order, tracking) and its errors (bad input, another
 *   customer's order, a wrong code, a refused SMS, a duplicate sign-up), holds no mobile,
 *   e-mail or street of the customers in it;
 * - every line names its process and machine (pid, hostname), and each request is a line at info
 *   with its method, route, status, time and request id, its path without the query string.
 */

import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { customers } from '#lib/db/schema.ts';
import { logger, maskPhone, scrub, scrubText } from '#lib/log.ts';
import { ApiClient, randomPhone } from '../helpers/api.ts';
import { createPostgresDatabase, createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { FakeSmsGateway } from '../helpers/sms-gateway.ts';

describe('masking', () => {
  it('shows a mobile as its country code and last two digits', () => {
    expect(maskPhone('+919876543245')).toBe('+91••••••45');
    expect(maskPhone('+12025550143')).toBe('+1••••••43');
  });

  it('masks mobiles and e-mail addresses inside text, and leaves package paths alone', () => {
    expect(scrubText('to +919876543245 and asha.menon@example.com')).toBe('to +91••••••45 and a•••@example.com');
    const frame = 'at q.query (file:///app/node_modules/@electric-sql/pglite/dist/chunk-UYHX356B.js:8:266)';
    expect(scrubText(frame)).toBe(frame);
  });
});

/** What the process logger writes for `fields` and `message`, as parsed JSON. */
function written(fields: Record<string, unknown>, message: string): Record<string, unknown> {
  const lines: string[] = [];
  const stream = pino.symbols.streamSym as unknown as keyof typeof logger;
  const original = logger[stream];
  (logger as unknown as Record<PropertyKey, unknown>)[stream] = { write: (line: string) => lines.push(line) };
  try {
    logger.warn(fields, message);
  } finally {
    (logger as unknown as Record<PropertyKey, unknown>)[stream] = original;
  }
  return JSON.parse(lines[0]!) as Record<string, unknown>;
}

describe('codes in the logs', () => {
  it("keeps an error's code (socket code, SQLSTATE) and redacts every other code", () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect((written({ err: refused }, 'down').err as { code: unknown }).code).toBe('ECONNREFUSED');
    const shutdown = Object.assign(new Error('terminating connection'), { code: '57P01' });
    expect((written({ err: shutdown }, 'down').err as { code: unknown }).code).toBe('57P01');
    // An OTP stays hidden: at the top, one level down, and as an error's "code" that is no error code.
    const line = written({ code: '482913', body: { code: '482913' }, err: { code: '482913' } }, 'sign-in');
    expect(JSON.stringify(line)).not.toContain('482913');
    expect(line.code).toBe('[redacted]');
    expect((line.body as { code: unknown }).code).toBe('[redacted]');
    expect((line.err as { code: unknown }).code).toBe('[redacted]');
  });
});

describe.each(testDatabaseKinds())('a database error in the logs on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
  });
  afterAll(() => handle?.close());

  it('keeps the query and loses its parameters', async () => {
    const person = { name: 'Lakshmi Warrier', email: 'lakshmi.w@example.com', phone: '+919447012345' };
    await handle.db.insert(customers).values(person);
    const err = await handle.db
      .insert(customers)
      .values(person)
      .then(() => null)
      .catch((e: unknown) => e);
    expect(String((err as Error).message)).toContain(person.phone); // what drizzle puts in its message
    const logged = JSON.stringify(scrub({ err }));
    expect(logged).toContain('insert into \\"customers\\"');
    for (const secret of [person.phone, person.phone.slice(3), person.name, person.email])
      expect(logged).not.toContain(secret);
  });
});

describe.each(testDatabaseKinds())('the log of a full API flow on %s', (kind) => {
  let server: RunningServer;
  const gateway = new FakeSmsGateway();
  let drop: (() => Promise<void>) | undefined;
  const logs: string[] = [];
  /** A number whose SMS fails (the gateway is failing while its code is asked for). */
  const refusedNumber = randomPhone();

  beforeAll(async () => {
    const gatewayUrl = await gateway.start();
    let database: Record<string, string> = {};
    if (kind === 'postgres') {
      const db = await createPostgresDatabase();
      drop = db.drop;
      database = { DATABASE_URL: db.url };
    }
    server = await startServer(
      {
        ...database,
        LOG_LEVEL: 'debug',
        SMS_SENDER: 'http',
        SMS_GATEWAY_URL: gatewayUrl,
      },
      { logs },
    );
  });
  afterAll(async () => {
    await server?.stop();
    await drop?.();
    await gateway.stop();
  });

  it('holds no mobile, e-mail or street', async () => {
    const people = [
      { name: 'Parvathy Iyer', email: 'parvathy.iyer@example.org', mobile: randomPhone(), street: 'Kuruppam Road' },
      { name: 'Joseph Kurian', email: 'joseph.k@example.net', mobile: randomPhone(), street: 'Swaraj Round East' },
    ];
    const clients: ApiClient[] = [];
    const orderIds: number[] = [];
    for (const p of people) {
      const c = new ApiClient(server.baseUrl);
      const reg = await c.post('/api/register', { json: { name: p.name, email: p.email, mobile: p.mobile } });
      expect(reg.status).toBe(200);
      expect(reg.body.data.demo_otp).toBeUndefined();
      // A wrong code first, then the one the SMS carried.
      expect((await c.post('/api/otp-login', { json: { key: p.mobile, otp: '000000' } })).status).toBe(400);
      const login = await c.post(
        '/api/otp-login',
        { json: { key: p.mobile, otp: await gateway.code(p.mobile) } },
        { 'x-token-transport': 'bearer' },
      );
      expect(login.status).toBe(200);
      c.token = login.body.data.token;
      // Bad input, then a good address.
      expect((await c.post('/api/customer/add-address', { json: { name: p.name, street: p.street } })).status).toBe(
        400,
      );
      const address = await c.post('/api/customer/add-address', {
        json: {
          name: p.name,
          mobile: p.mobile,
          building_num: '7/12',
          street: p.street,
          landmark: '',
          city: 'Thrissur',
          po_box: '680001',
          latitude: '10.5276',
          longitude: '76.2144',
        },
      });
      expect(address.status).toBe(201);
      const products = (await c.get('/api/customer/products/0?pageSize=50')).body.data.products as {
        id: number;
        stock: number;
      }[];
      const product = products.find((x) => x.stock > 5)!;
      expect(
        (await c.post('/api/customer/add-product', { multipart: { product_id: String(product.id), qty: '2' } })).status,
      ).toBe(200);
      const summary = (await c.get('/api/customer/checkout-summary')).body.data.summary;
      const placed = await c.post('/api/customer/place-order', {
        json: {
          address_id: address.body.data.address.id,
          payment_mode: 'cod',
          paid_amount: summary.paid_amount,
          points: '0',
        },
      });
      expect(placed.status).toBe(201);
      orderIds.push(placed.body.data.order.id);
      expect((await c.get(`/api/customer/orders/${placed.body.data.order.id}`)).status).toBe(200);
      clients.push(c);
    }
    // Errors: another customer's order, a duplicate sign-up, a bad e-mail, an SMS the gateway refuses.
    expect((await clients[1]!.get(`/api/customer/orders/${orderIds[0]}`)).status).toBe(404);
    const guest = new ApiClient(server.baseUrl);
    const again = people[0]!;
    expect(
      (await guest.post('/api/register', { json: { name: again.name, email: again.email, mobile: again.mobile } }))
        .status,
    ).toBe(409);
    expect(
      (await guest.post('/api/register', { json: { name: 'X', email: 'not-an-email', mobile: again.mobile } })).status,
    ).toBe(400);
    // The code request is answered before the SMS goes out; the failed send is logged after it.
    gateway.failing = true;
    const refused = await guest.post('/api/register', {
      json: { name: 'Refused Person', email: 'refused.person@example.com', mobile: refusedNumber },
    });
    expect(refused.status).toBe(200);
    await vi.waitFor(() => {
      if (!logs.some((l) => l.includes('Sign-in code not delivered') && l.includes(maskPhone(refusedNumber))))
        throw new Error('the failed SMS is not logged yet');
    });
    gateway.failing = false;
    const all = logs.join('\n');
    // The flow was logged (a line per request at debug, the refused SMS at warn, masked).
    expect(logs.length).toBeGreaterThan(20);
    expect(all).toContain(maskPhone(refusedNumber));
    const secrets = [
      ...people.flatMap((p) => [p.mobile, p.mobile.slice(3), p.email, p.street]),
      refusedNumber,
      refusedNumber.slice(3),
      'refused.person@example.com',
    ];
    for (const secret of secrets) expect(all, secret).not.toContain(secret);
  });

  it('names the process and machine on every line, and logs each request at info without its query', () => {
    const lines = logs.flatMap((l) => l.split('\n')).filter((l) => l.startsWith('{'));
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed.length).toBeGreaterThan(20);
    for (const line of parsed) {
      expect(line.pid, JSON.stringify(line)).toEqual(expect.any(Number));
      expect(line.hostname, JSON.stringify(line)).toEqual(expect.any(String));
    }
    const requests = parsed.filter((l) => l.msg === 'request');
    const listing = requests.find((l) => String(l.path).startsWith('/api/customer/products/'));
    expect(listing).toMatchObject({ level: 30, method: 'GET', status: 200, route: '/api/customer/products/[id]' });
    expect(listing?.reqId).toEqual(expect.any(String));
    expect(listing?.ms).toEqual(expect.any(Number));
    expect(requests.some((l) => String(l.path).includes('?'))).toBe(false);
  });
});
