/**
 * The invoice download and the SMS language over HTTP, against the built server on every test
 * database: a PDF attachment with the order's invoice number,
 * HEAD, scoping (another customer's order is 404), a cancelled order's invoice kept (with the
 * refund said in my-orders), numbers issued at placement that downloads never change, and
 * the SMS language saved and validated; staff with the order board download the same invoice.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_STAFF_PHONE, staffClient } from '../admin/staff-helpers.ts';
import { ApiClient } from '../helpers/api.ts';
import { pdfText } from '../helpers/pdf.ts';

const THRISSUR = {
  name: 'Asha Menon',
  mobile: '+919876543210',
  building_num: '12/4',
  street: 'Round North',
  landmark: 'Near Vadakkunnathan Temple',
  city: 'Thrissur',
  po_box: '680001',
  latitude: '10.5276',
  longitude: '76.2144',
};

/** A raw request with the client's session, for bodies that are not JSON. */
async function download(c: ApiClient, path: string, method: 'GET' | 'HEAD' = 'GET') {
  const res = await fetch(c.baseUrl + path, {
    method,
    headers: { authorization: `Bearer ${c.token}`, 'x-forwarded-for': c.ip },
  });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe.each(inject('servers'))('invoices and SMS language over HTTP on $kind', ({ baseUrl }) => {
  let productId: number;

  beforeAll(async () => {
    const guest = new ApiClient(baseUrl);
    const all = (await guest.get('/api/customer/products/0?pageSize=100&page=1')).body.data.products as {
      id: number;
      stock: number;
    }[];
    productId = all.find((p) => p.stock >= 50)!.id;
  });

  async function customerWithOrder(mode: 'cod' | 'credit' = 'cod') {
    const c = new ApiClient(baseUrl);
    await c.signUp();
    const addressId = (await c.post('/api/customer/add-address', { json: THRISSUR })).body.data.address.id;
    await c.post('/api/customer/add-product', { multipart: { product_id: String(productId), qty: '1' } });
    const s = (await c.get('/api/customer/checkout-summary')).body.data.summary;
    const placed = await c.post('/api/customer/place-order', {
      json: { address_id: addressId, payment_mode: mode, paid_amount: s.paid_amount, points: '0' },
    });
    expect(placed.status).toBe(201);
    return { c, order: placed.body.data.order as { id: number; paid_amount: string; invoice_url: string | null } };
  }

  it('downloads the invoice as a PDF attachment named after its number, for its customer only', async () => {
    const { c, order } = await customerWithOrder();
    expect(order.invoice_url).toBe(`/api/customer/orders/${order.id}/invoice`);
    const head = await download(c, order.invoice_url!, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/pdf');
    expect(head.bytes.length).toBe(0);
    const res = await download(c, order.invoice_url!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const [, number] =
      /^attachment; filename="invoice-(FF-\d\d-\d\d-\d{6})\.pdf"$/.exec(res.headers.get('content-disposition') ?? '') ??
      [];
    expect(number).toBeTruthy();
    const text = await pdfText(res.bytes);
    expect(text).toContain(
      `Invoice number: ${number!.replaceAll('-', '/').replace(/^FF\/(\d\d)\/(\d\d)/, 'FF/$1-$2')}`,
    );
    expect(text).toContain(`Order number: #${order.id}`);
    expect(text).toContain('GSTIN: 32ABCDE1234F1Z5');
    expect(text).toContain('Kerala (32)');
    expect(text).toContain(
      `Invoice total Rs. ${Number(order.paid_amount).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`,
    );
    // The order now carries its number; a second download keeps it.
    const listed = (await c.get('/api/customer/my-orders')).body.data.orders[0];
    expect(listed.invoice_number).toMatch(/^FF\/\d\d-\d\d\/\d{6}$/);
    expect((await download(c, order.invoice_url!)).headers.get('content-disposition')).toBe(
      res.headers.get('content-disposition'),
    );

    const stranger = new ApiClient(baseUrl);
    await stranger.signUp();
    const theirs = await stranger.get(order.invoice_url!);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ success: false, message: 'Order not found.' });
    expect((await new ApiClient(baseUrl).get(order.invoice_url!)).status).toBe(401);
    expect((await c.get('/api/customer/orders/abc/invoice')).status).toBe(400);
    expect((await c.post(order.invoice_url!)).status).toBe(405);
  });

  it('gives staff with the order board the same invoice PDF; a rider or a customer is refused', async () => {
    const { c, order } = await customerWithOrder();
    const mine = await download(c, order.invoice_url!);
    const owner = await staffClient(baseUrl, DEMO_STAFF_PHONE.owner);
    const staffRes = await owner.get(`/api/admin/orders/${order.id}/invoice`);
    expect(staffRes.status).toBe(200);
    expect(staffRes.headers.get('content-type')).toBe('application/pdf');
    expect(staffRes.headers.get('content-disposition')).toBe(mine.headers.get('content-disposition'));
    expect((await owner.get('/api/admin/orders/999999999/invoice')).status).toBe(404);
    const rider = await staffClient(baseUrl, DEMO_STAFF_PHONE.rider);
    expect((await rider.get(`/api/admin/orders/${order.id}/invoice`)).status).toBe(403);
    expect((await c.get(`/api/admin/orders/${order.id}/invoice`)).status).toBe(401);
  });

  it('keeps the invoice of a cancelled order valid, credits it in full and says what was refunded', async () => {
    const { c, order } = await customerWithOrder('credit');
    const cancelled = await c.post('/api/customer/cancel-order', { json: { order_id: order.id } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.order.invoice_url).toBe(order.invoice_url);
    const rupees = `₹${Number(order.paid_amount).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
    expect(cancelled.body.data.order.refund).toEqual([
      {
        to: 'credit',
        amount: order.paid_amount,
        points: null,
        text: `${rupees} refunded to your FarmFresh credit — available now`,
      },
    ]);
    expect((await c.get('/api/customer/profile')).body.data.account.credit_balance).toBe(1000);
    const res = await download(c, order.invoice_url!);
    expect(res.status).toBe(200);
    // The invoice stays as issued; a credit note for all of it records the cancellation.
    expect((await pdfText(res.bytes)).toLowerCase()).not.toContain('cancelled');
    const [note] = cancelled.body.data.order.credit_notes;
    expect(note).toMatchObject({ reason: 'cancellation', total: order.paid_amount });
    const pdf = await download(c, note.url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toContain(`credit-note-${note.number.replaceAll('/', '-')}.pdf`);
    expect(await pdfText(pdf.bytes)).toContain(`Against invoice: ${cancelled.body.data.order.invoice_number}`);
    // Another customer's request for it finds nothing.
    const other = await customerWithOrder('credit');
    expect((await download(other.c, note.url)).status).toBe(404);
  });

  it('numbers orders when they are placed, uniquely; downloading twice changes no number', async () => {
    const shoppers = await Promise.all([1, 2, 3, 4].map(() => customerWithOrder()));
    const numbers = await Promise.all(
      shoppers.map(async ({ c, order }) => {
        const listed = (await c.get('/api/customer/my-orders')).body.data.orders[0];
        return { c, order, number: listed.invoice_number as string };
      }),
    );
    expect(new Set(numbers.map((n) => n.number)).size).toBe(4);
    for (const n of numbers) expect(n.number).toMatch(/^FF\/\d\d-\d\d\/\d{6}$/);
    const results = await Promise.all(
      numbers.flatMap(({ c, order }) =>
        [1, 2].map(() =>
          download(c, order.invoice_url!).then((r) => ({
            id: order.id,
            status: r.status,
            name: r.headers.get('content-disposition'),
          })),
        ),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    for (const { c, order, number } of numbers) {
      expect(results.filter((r) => r.id === order.id).map((r) => r.name)).toEqual(
        [1, 2].map(() => `attachment; filename="invoice-${number.replaceAll('/', '-')}.pdf"`),
      );
      expect((await c.get('/api/customer/my-orders')).body.data.orders[0].invoice_number).toBe(number);
    }
  });

  it('saves the SMS language, in English or Malayalam only', async () => {
    const c = new ApiClient(baseUrl);
    await c.signUp();
    expect((await c.get('/api/customer/profile')).body.data.user.sms_language).toBe('en');
    const saved = await c.post('/api/customer/sms-language', { json: { sms_language: 'ml' } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ message: 'Order SMS will be sent in Malayalam.', data: { sms_language: 'ml' } });
    expect((await c.get('/api/customer/profile')).body.data.user.sms_language).toBe('ml');
    const bad = await c.post('/api/customer/sms-language', { json: { sms_language: 'fr' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ sms_language: 'Choose English (en) or Malayalam (ml).' });
    expect((await c.get('/api/customer/sms-language')).status).toBe(405);
    expect(
      (await new ApiClient(baseUrl).post('/api/customer/sms-language', { json: { sms_language: 'en' } })).status,
    ).toBe(401);
  });
});
