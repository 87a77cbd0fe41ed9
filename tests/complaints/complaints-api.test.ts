/**
 * Complaints over HTTP on every test database: a grievance with a photo gets its ticket number
 * (201; the same idempotency key answers the same complaint, 200); the photo is WebP without EXIF,
 * served privately (no-store) to its customer and to staff with complaints.manage, refused to an
 * anonymous request (401), to another customer (404) and to a packer (403); bad input is a 4xx,
 * never a 500; an 11th complaint in an hour is refused (429, its message saying the wait its
 * Retry-After gives); a problem with an order not yet delivered (422) or another customer's (404)
 * is refused; staff acknowledge once (409 again) and resolve with a resolution the customer reads.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  DEMO_STAFF_PHONE,
  placeCustomerOrder,
  type StaffClient,
  staffClient,
  stockedProduct,
} from '../admin/staff-helpers.ts';
import { ApiClient } from '../helpers/api.ts';

/** Posts a complaint as multipart (fields and an optional photo) from `client`, as the islands do. */
async function complain(
  client: ApiClient,
  fields: Record<string, string>,
  photo?: { bytes: Uint8Array; type: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (photo) form.append('photo', new Blob([photo.bytes as Uint8Array<ArrayBuffer>], { type: photo.type }), 'photo');
  const headers: Record<string, string> = { 'x-forwarded-for': client.ip };
  if (client.token) headers.authorization = `Bearer ${client.token}`;
  const res = await fetch(`${client.baseUrl}/api/customer/complaints`, { method: 'POST', headers, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

describe.each(inject('servers'))('complaints API on $kind', ({ baseUrl }) => {
  let asha: ApiClient;
  let ravi: ApiClient;
  let manager: StaffClient;
  let packer: StaffClient;
  let complaint: any;
  let jpeg: Buffer;

  beforeAll(async () => {
    asha = new ApiClient(baseUrl);
    await asha.signUp();
    ravi = new ApiClient(baseUrl);
    await ravi.signUp();
    manager = await staffClient(baseUrl, DEMO_STAFF_PHONE.manager);
    packer = await staffClient(baseUrl, DEMO_STAFF_PHONE.packer);
    // A phone photo with its maker and GPS in EXIF.
    jpeg = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#7a3' } })
      .jpeg()
      .withExifMerge({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '10/1 31/1 2/1' } })
      .toBuffer();
  });

  it('takes a grievance with a photo once per idempotency key, with its ticket number', async () => {
    const key = crypto.randomUUID();
    const fields = { reason: 'billing', description: 'Charged a delivery fee on a free order', idempotency_key: key };
    const first = await complain(asha, fields, { bytes: jpeg, type: 'image/jpeg' });
    expect(first.status).toBe(201);
    complaint = first.body.data.complaint;
    expect(complaint.ticket_number).toMatch(/^C-\d{2}-\d{6}$/);
    expect(complaint.status).toBe('new');
    expect(complaint.photo_url).toBe(`/api/customer/complaints/${complaint.id}/photo`);
    const again = await complain(asha, fields, { bytes: jpeg, type: 'image/jpeg' });
    expect(again.status).toBe(200);
    expect(again.body.data.complaint.id).toBe(complaint.id);
    const mine = await asha.get('/api/customer/complaints');
    expect(mine.body.data.complaints.map((c: any) => c.id)).toContain(complaint.id);
    const theirs = await ravi.get('/api/customer/complaints');
    expect(theirs.body.data.complaints.map((c: any) => c.id)).not.toContain(complaint.id);
  });

  it('serves the photo privately to its customer and to staff who manage complaints, and to nobody else', async () => {
    const own = await fetch(`${baseUrl}${complaint.photo_url}`, {
      headers: { authorization: `Bearer ${asha.token}`, 'x-forwarded-for': asha.ip },
    });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/webp');
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    const meta = await sharp(Buffer.from(await own.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();

    const anonymous = await new ApiClient(baseUrl).get(complaint.photo_url);
    expect(anonymous.status).toBe(401);
    const other = await ravi.get(complaint.photo_url);
    expect(other.status).toBe(404);

    const staffUrl = `/api/admin/complaints/${complaint.id}/photo`;
    const staffPhoto = await fetch(`${baseUrl}${staffUrl}`, {
      headers: { cookie: manager.cookie!, 'x-forwarded-for': manager.ip },
    });
    expect(staffPhoto.status).toBe(200);
    expect(staffPhoto.headers.get('cache-control')).toBe('private, no-store');
    expect((await packer.get(staffUrl)).status).toBe(403);
    expect((await new ApiClient(baseUrl).get(staffUrl)).status).toBe(401);
    expect((await asha.get(staffUrl)).status).toBe(401);
  });

  it('answers bad input with its message, never a 500', async () => {
    const bad = await complain(asha, { reason: 'angry', description: 'x', idempotency_key: crypto.randomUUID() });
    expect(bad.status).toBe(400);
    const noText = await complain(asha, { reason: 'other', idempotency_key: crypto.randomUUID() });
    expect(noText.status).toBe(400);
    expect(noText.body.errors.description).toBe('Tell us what went wrong.');
    const notPhoto = await complain(
      asha,
      { reason: 'other', description: 'See file', idempotency_key: crypto.randomUUID() },
      { bytes: new TextEncoder().encode('not a photo at all'), type: 'image/jpeg' },
    );
    expect(notPhoto.status).toBe(415);
    const json = await asha.post('/api/customer/complaints', {
      json: { reason: 'other', description: 'No photo, JSON', idempotency_key: crypto.randomUUID() },
    });
    expect(json.status).toBe(201);
    expect(json.body.data.complaint.photo_url).toBeNull();
    expect((await new ApiClient(baseUrl).post('/api/customer/complaints', { json: {} })).status).toBe(401);
  });

  it('refuses an 11th complaint in an hour with 429, saying when to try again as its Retry-After does', async () => {
    const meera = new ApiClient(baseUrl);
    await meera.signUp();
    const grievance = () =>
      meera.post('/api/customer/complaints', {
        json: { reason: 'other', description: 'Another problem', idempotency_key: crypto.randomUUID() },
      });
    for (let i = 0; i < 10; i++) expect((await grievance()).status).toBe(201);
    const refused = await grievance();
    expect(refused.status).toBe(429);
    // The first complaint was just now: the hour's window frees in an hour, and the words say so.
    expect(refused.body.message).toBe(
      'Too many complaints in a short time. If it cannot wait, call us. Please try again in 1 hour.',
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(59 * 60);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
  });

  it("refuses a problem with an order not yet delivered or another customer's, and takes it once delivered", async () => {
    const product = await stockedProduct(baseUrl);
    const { customer, order } = await placeCustomerOrder(baseUrl, product.id);
    const line = order.order_items[0].id;
    const body = (key: string) => ({
      order_id: String(order.id),
      reason: 'damaged',
      lines: JSON.stringify([{ line_id: line, qty: 1 }]),
      idempotency_key: key,
    });
    const early = await complain(customer, body(crypto.randomUUID()));
    expect(early.status).toBe(422);
    expect(early.body.message).toBe('You can report a problem once the order is delivered.');
    const other = await complain(ravi, body(crypto.randomUUID()));
    expect(other.status).toBe(404);

    // Delivered (the staff API takes it out and records the door's outcome, with what was due
    // collected): within the window the problem is taken.
    const owner = await staffClient(baseUrl, DEMO_STAFF_PHONE.owner);
    const riders = (await owner.get('/api/admin/staff')).body.data.staff as { id: number; name: string }[];
    const rider = riders.find((s) => s.name === 'Biju Varghese')!;
    expect((await owner.put(`/api/admin/orders/${order.id}/rider`, { json: { rider_id: rider.id } })).status).toBe(200);
    for (const move of ['processed', 'out-for-delivery'])
      expect((await owner.post(`/api/admin/orders/${order.id}/${move}`)).status).toBe(200);
    const due = Number((await owner.get(`/api/admin/orders/${order.id}`)).body.data.order.amount_due);
    const delivered = await owner.post(`/api/admin/orders/${order.id}/outcome`, {
      json: {
        outcome: 'delivered',
        collected: due > 0 ? due : undefined,
        idempotency_key: `complaint-delivered-${order.id}`,
      },
    });
    expect(delivered.status).toBe(200);
    const tooMany = await complain(customer, {
      ...body(crypto.randomUUID()),
      lines: JSON.stringify([{ line_id: line, qty: 99 }]),
    });
    expect(tooMany.status).toBe(422);
    const taken = await complain(customer, body(crypto.randomUUID()), { bytes: jpeg, type: 'image/jpeg' });
    expect(taken.status).toBe(201);
    expect(taken.body.data.complaint).toMatchObject({ order_id: order.id, reason: 'damaged', status: 'new' });
    expect(taken.body.data.complaint.lines).toEqual([{ line_id: line, product: expect.any(String), qty: 1 }]);
    const forOrder = await customer.get(`/api/customer/complaints?order_id=${order.id}`);
    expect(forOrder.body.data.complaints.map((c: any) => c.id)).toEqual([taken.body.data.complaint.id]);
  });

  it('lets staff acknowledge once and resolve; the customer reads the resolution', async () => {
    const queue = await manager.get('/api/admin/complaints?status=new');
    expect(queue.status).toBe(200);
    const row = queue.body.data.complaints.find((c: any) => c.id === complaint.id);
    expect(row).toMatchObject({
      status: 'new',
      overdue: null,
      photo_url: `/api/admin/complaints/${complaint.id}/photo`,
    });
    expect((await packer.get('/api/admin/complaints')).status).toBe(403);

    const ack = await manager.post(`/api/admin/complaints/${complaint.id}/acknowledge`);
    expect(ack.status).toBe(200);
    expect(ack.body.data.complaint.status).toBe('acknowledged');
    expect((await manager.post(`/api/admin/complaints/${complaint.id}/acknowledge`)).status).toBe(409);

    expect(
      (await manager.post(`/api/admin/complaints/${complaint.id}/resolve`, { json: { resolution: ' ' } })).status,
    ).toBe(400);
    const done = await manager.post(`/api/admin/complaints/${complaint.id}/resolve`, {
      json: { resolution: 'The delivery fee was refunded to your FarmFresh credit.' },
    });
    expect(done.status).toBe(200);
    expect(done.body.data.complaint).toMatchObject({ status: 'resolved', acknowledged_by: 'Ravi Menon' });
    const mine = (await asha.get('/api/customer/complaints')).body.data.complaints.find(
      (c: any) => c.id === complaint.id,
    );
    expect(mine).toMatchObject({
      status: 'resolved',
      resolution: 'The delivery fee was refunded to your FarmFresh credit.',
    });
    expect((await manager.post('/api/admin/complaints/999999/acknowledge')).status).toBe(404);
  });
});
