/**
 * Bad input at the edge over HTTP, on every test database: bodies over 64 KB get 413
 * before the rest is read (by Content-Length and while streaming a chunked body), a NUL in any
 * text field is a 400 naming the field, malformed %-encoding is a 400 envelope, and pages with
 * a bad query parameter drop it instead of failing.
 */
import net from 'node:net';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient } from '../helpers/api.ts';

const TOO_LARGE = { success: false, message: 'The request body is too large (limit 64 KB).' };
const THRISSUR = {
  name: 'Asha Menon',
  mobile: '+919876543210',
  building_num: '12/4',
  street: 'Round North',
  landmark: '',
  city: 'Thrissur',
  po_box: '680001',
  latitude: '10.5276',
  longitude: '76.2144',
};

/** The 400 envelope naming `field`. */
const refused = (field: string) => ({
  success: false,
  message: `${field} contains characters that are not allowed.`,
  errors: { [field]: `${field} contains characters that are not allowed.` },
});

/**
 * Sends raw HTTP on a socket and resolves with what the server answered before it stopped
 * sending (or closed); `keepSending` writes body bytes that never end. Gives up after 10 s, so
 * a server that waits for the rest of the body fails the test instead of hanging it.
 */
function rawRequest(baseUrl: string, head: string, body: Buffer, keepSending = false): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    timer = setTimeout(done, 10_000);
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      const end = answer.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(answer);
      if (end !== -1 && length && answer.length >= end + 4 + Number(length[1])) done();
      if (end !== -1 && /transfer-encoding: chunked/i.test(answer) && answer.endsWith('0\r\n\r\n')) done();
    });
    socket.on('error', () => done());
    socket.on('close', () => done());
    socket.write(head);
    socket.write(body);
    if (keepSending) {
      // A chunked body that never ends: 8 KB chunks until the server answers.
      const chunk = Buffer.concat([Buffer.from('2000\r\n'), Buffer.alloc(0x2000, 0x61), Buffer.from('\r\n')]);
      const pump = () => {
        if (socket.destroyed || answer) return;
        if (socket.write(chunk)) setImmediate(pump);
        else socket.once('drain', pump);
      };
      pump();
    }
  });
}

/** Status and JSON body of a raw HTTP answer (chunked bodies are unwrapped). */
function parseAnswer(raw: string): { status: number; body: unknown } {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
  let body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  if (/transfer-encoding: chunked/i.test(raw)) body = body.replace(/(^|\r\n)[0-9a-f]+\r\n/gi, '').replace(/\r\n$/, '');
  try {
    return { status, body: JSON.parse(body) };
  } catch {
    return { status, body };
  }
}

describe.each(inject('servers'))('bad input at the edge on $kind', ({ baseUrl }) => {
  const host = new URL(baseUrl).host;

  describe('request bodies are capped at 64 KB', () => {
    it('answers 413 at once when Content-Length says 128 MB, without waiting for the body', async () => {
      const head = `POST /api/register HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${128 * 1024 * 1024}\r\n\r\n`;
      const answer = parseAnswer(await rawRequest(baseUrl, head, Buffer.from('{"name":"')));
      expect(answer).toEqual({ status: 413, body: TOO_LARGE });
    });

    it('answers 413 to a chunked body once it passes 64 KB, without waiting for its end', async () => {
      const head = `POST /api/validate-customer HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`;
      const answer = parseAnswer(await rawRequest(baseUrl, head, Buffer.from('9\r\n{"key":"1\r\n'), true));
      expect(answer).toEqual({ status: 413, body: TOO_LARGE });
    });

    it('answers 413 to an ordinary client sending 100 KB, with or without a length', async () => {
      const client = new ApiClient(baseUrl);
      const big = { name: 'x'.repeat(100 * 1024), email: 'a@b.co', mobile: '+919876543210' };
      const declared = await client.post('/api/register', { json: big });
      expect(declared.status).toBe(413);
      expect(declared.body).toEqual(TOO_LARGE);
      const bytes = new TextEncoder().encode(JSON.stringify(big));
      const stream = new ReadableStream({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 16_384) controller.enqueue(bytes.slice(at, at + 16_384));
          controller.close();
        },
      });
      const res = await fetch(`${baseUrl}/api/register`, {
        method: 'POST',
        body: stream,
        duplex: 'half',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client.ip },
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual(TOO_LARGE);
    });

    it('still accepts a body just under the cap (and judges its content)', async () => {
      const res = await new ApiClient(baseUrl).post('/api/register', {
        json: { name: 'x'.repeat(60 * 1024), email: 'a@b.co', mobile: '+919876543210' },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Name is too long.');
    });
  });

  describe('a NUL in a text field is a 400 naming the field', () => {
    let c: ApiClient;
    beforeAll(async () => {
      c = new ApiClient(baseUrl);
      await c.signUp();
    });

    it('in the search query', async () => {
      const res = await c.get(`/api/customer/search-products?product=%00'%22;`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(refused('product'));
    });

    it('in a register name', async () => {
      const res = await new ApiClient(baseUrl).post('/api/register', {
        json: { name: 'Asha\u0000', email: 'asha@example.com', mobile: '+919812345678' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(refused('name'));
    });

    it('in an address field', async () => {
      const res = await c.post('/api/customer/add-address', { json: { ...THRISSUR, street: 'Round\u0000North' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(refused('street'));
      const form = await c.post('/api/customer/add-address', { form: { ...THRISSUR, city: 'Thri\u0000ssur' } });
      expect(form.body).toEqual(refused('city'));
    });

    it('in a profile name', async () => {
      const res = await c.post('/api/customer/update-profile', {
        multipart: { name: '\u0000Asha', email: 'asha@example.com', mobile: '+919812345678' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(refused('name'));
    });

    it('in a promo code', async () => {
      const res = await c.post('/api/customer/check-promocode', { multipart: { promocode: 'FRESH5\u0000' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(refused('promocode'));
      const query = await c.get('/api/customer/checkout-summary?promocode=FRESH%005');
      expect(query.body).toEqual(refused('promocode'));
    });

    it('in a customer note, on an order that would otherwise be placed', async () => {
      const guest = new ApiClient(baseUrl);
      const { products } = (await guest.get('/api/customer/products/0?pageSize=100')).body.data as {
        products: { id: number; stock: number }[];
      };
      const product = products.find((p) => p.stock >= 20)!;
      const buyer = new ApiClient(baseUrl);
      await buyer.signUp();
      const address = await buyer.post('/api/customer/add-address', { json: THRISSUR });
      await buyer.post('/api/customer/add-product', { multipart: { product_id: String(product.id), qty: '1' } });
      const s = (await buyer.get('/api/customer/checkout-summary')).body.data.summary;
      const order = {
        address_id: address.body.data.address.id,
        payment_mode: 'cod',
        paid_amount: s.paid_amount,
        points: '0',
      };
      const res = await buyer.post('/api/customer/place-order', {
        json: { ...order, customer_note: 'Ring twice\u0000' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(refused('customer_note'));
      const placed = await buyer.post('/api/customer/place-order', {
        json: { ...order, customer_note: 'Ring twice,\nthen wait' },
      });
      expect(placed.status).toBe(201);
    });
  });

  describe('malformed percent-encoding', () => {
    it('is a 400 envelope naming the query parameter', async () => {
      for (const bad of ['%FF', '%E0%A4', '%ED%A0%80', 'abc%2']) {
        const res = await new ApiClient(baseUrl).get(`/api/customer/search-products?product=${bad}`);
        expect(res.status, bad).toBe(400);
        expect(res.body, bad).toEqual(refused('product'));
      }
    });

    it('is a 400 envelope in an /api path', async () => {
      for (const path of ['/api/customer/product-details/%FF', '/api/customer/products/%00']) {
        const res = await new ApiClient(baseUrl).get(path);
        expect(res.status, path).toBe(400);
        expect(res.body, path).toEqual({
          success: false,
          message: 'The address contains characters that are not allowed.',
        });
      }
    });

    it('is a 400 naming the field in a form body', async () => {
      const c = new ApiClient(baseUrl);
      const raw = await fetch(`${baseUrl}/api/register`, {
        method: 'POST',
        body: 'name=Asha%FF&email=a%40b.co&mobile=%2B919812345678',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': c.ip },
      });
      expect(raw.status).toBe(400);
      expect(await raw.json()).toEqual(refused('name'));
    });
  });

  describe('pages', () => {
    it('drop a query parameter holding a NUL and show the page', async () => {
      for (const [path, clean] of [
        ['/categories/1/all-products?sort=%00&page=1', '/categories/1/all-products?page=1'],
        ['/login?next=%00', '/login'],
        ['/track-order?order=%00', '/track-order'],
      ]) {
        const res = await fetch(baseUrl + path, { redirect: 'manual' });
        expect(res.status, path).toBe(302);
        expect(res.headers.get('location'), path).toBe(clean);
        expect((await fetch(baseUrl + clean!)).status, clean).toBe(200);
      }
    });

    it("answer 400, not 500, for a path with a NUL or malformed encoding, with the shop's 400 page", async () => {
      for (const path of ['/product/%00', '/product/%FF', '/product/%E0%A4', '/login?next=%FF', '/search?q=%E0%A4%A']) {
        const res = await fetch(baseUrl + path);
        expect(res.status, path).toBe(400);
        expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
        expect(await res.text(), path).toContain('This address is not valid');
      }
      // A form sent to such an address is refused without a page.
      const post = await fetch(`${baseUrl}/login?next=%FF`, { method: 'POST', body: '' });
      expect(post.status).toBe(400);
      expect(await post.text()).toBe('The address contains characters that are not allowed.');
    });
  });
});
