/**
 * The photo upload over HTTP, on every test database: an owner's JPEG comes back as WebP files at
 * the pages' widths, upright and without any EXIF (GPS included); the same file keeps the same
 * content-hashed name; the files are served with a year's immutable cache; a file too large, of
 * the wrong type, undecodable or with too many pixels gets its message (413, 415, 422), never a
 * 500; a packer gets 403 and a visitor 401; every upload is in the audit log.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';
import sharp, { type Exif } from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { MEDIA_MESSAGES } from '#features/media/rules.ts';
import { imageSrcSet } from '#lib/images.ts';
import { DEMO_STAFF_PHONE, type StaffClient, staffClient } from '../admin/staff-helpers.ts';
import { ApiClient } from '../helpers/api.ts';

/**
 * A JPEG of `width` × `height` in one colour (a random one, so each call is a new photo), with
 * `exif` written in and, when given, an EXIF orientation (sharp writes the orientation it keeps itself).
 */
async function jpeg(width: number, height: number, exif?: { orientation: number; tags: Exif }): Promise<Buffer> {
  const background = { r: randomBytes(1)[0]!, g: 120, b: 60 };
  const image = sharp({ create: { width, height, channels: 3, background } }).jpeg();
  return exif
    ? image.withMetadata({ orientation: exif.orientation }).withExifMerge(exif.tags).toBuffer()
    : image.toBuffer();
}

/** A PNG whose header claims `width` × `height` (grey), with a few bytes of picture: a "decompression bomb". */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Posts `bytes` as the form's `file` (named `name`, of `type`) from `client`. */
async function upload(client: ApiClient, bytes: Uint8Array, name = 'photo.jpg', type = 'image/jpeg') {
  const form = new FormData();
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name);
  const headers: Record<string, string> = { 'x-forwarded-for': client.ip };
  if (client.cookie) Object.assign(headers, { cookie: client.cookie, origin: client.baseUrl });
  const res = await fetch(`${client.baseUrl}/api/admin/media`, { method: 'POST', headers, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

/**
 * Sends only the headers of an upload that declares `length` bytes, and reads the answer: the
 * server answers from Content-Length alone (sending the body too would race its closing the connection).
 */
function declareOnly(client: ApiClient, length: number): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${client.baseUrl}/api/admin/media`, {
      method: 'POST',
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(length),
        cookie: client.cookie ?? '',
        origin: client.baseUrl,
        'x-forwarded-for': client.ip,
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
        req.destroy();
      });
    });
    req.on('error', reject);
    req.flushHeaders();
  });
}

describe.each(inject('servers'))('photo upload on $kind', ({ baseUrl }) => {
  let owner: StaffClient;

  beforeAll(async () => {
    owner = await staffClient(baseUrl, DEMO_STAFF_PHONE.owner);
  });

  it('stores a JPEG with GPS EXIF as WebP at each width, upright, with no EXIF left', async () => {
    // 2000 × 1000 stored sideways: orientation 6 says "turn 90° clockwise", so it shows 1000 wide and 2000 tall.
    const photo = await jpeg(2000, 1000, {
      orientation: 6,
      tags: {
        IFD0: { Make: 'PhoneMaker', Copyright: 'Farmer' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '10/1 31/1 2/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '76/1 12/1 5/1',
        },
      },
    });
    const sent = await sharp(photo).metadata();
    expect(sent.orientation).toBe(6);
    expect(sent.exif?.toString('latin1')).toContain('PhoneMaker');
    const res = await upload(owner, photo);
    expect(res.status).toBe(201);
    const { image, url, width, height } = res.body.data;
    expect(image).toMatch(/^photos\/[0-9a-f]{32}-1000x2000\.webp$/);
    expect(url).toBe(`/media/${image}`);
    expect({ width, height }).toEqual({ width: 1000, height: 2000 });
    const candidates = imageSrcSet(url)!.split(', ');
    expect(candidates.map((c) => c.split(' ')[1])).toEqual(['320w', '640w', '1000w']);
    for (const candidate of candidates) {
      const [path, w] = candidate.split(' ') as [string, string];
      const file = await fetch(baseUrl + path);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(Number.parseInt(w, 10));
      expect(meta.height).toBe(meta.width! * 2);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
  });

  it('names a photo by its content: the same file twice gets the same name, another file another', async () => {
    const photo = await jpeg(400, 300);
    const first = await upload(owner, photo);
    const again = await upload(owner, photo, 'renamed.jpg');
    // Another picture for certain (the colour alone could repeat): one pixel taller.
    const other = await upload(owner, await jpeg(400, 301));
    expect(first.status).toBe(201);
    expect(again.body.data.image).toBe(first.body.data.image);
    expect(other.body.data.image).not.toBe(first.body.data.image);
    // Narrower than every width but the first: stored at its own width, never enlarged.
    expect(first.body.data).toMatchObject({ width: 400, height: 300 });
    expect(
      imageSrcSet(first.body.data.url)!
        .split(', ')
        .map((c) => c.split(' ')[1]),
    ).toEqual(['320w', '400w']);
  });

  it('serves stored photos with a year-long immutable cache, and 404 for unknown or crafted names', async () => {
    const { body } = await upload(owner, await jpeg(700, 700));
    const served = await fetch(baseUrl + body.data.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect((await fetch(`${baseUrl}/media/photos/${'0'.repeat(32)}-640.webp`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/media/photos/..%2F..%2Fpackage.json`)).status).toBe(404);
    expect(
      (await fetch(`${baseUrl}/media/photos/${body.data.image.split('/')[1].replace('.webp', '.json')}`)).status,
    ).toBe(404);
  });

  it('refuses a file over 10 MB with 413 and its message, whether declared or sent', async () => {
    // Just over the limit: within the route's body cap, refused by the file's own size.
    const justOver = Buffer.concat([await jpeg(10, 10), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload(owner, justOver);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(MEDIA_MESSAGES.tooLarge);
    // Far over: refused at the edge from its Content-Length, before a byte of the body is sent.
    const farOver = await declareOnly(owner, 12 * 1024 * 1024);
    expect(farOver.status).toBe(413);
    expect(farOver.body.message).toBe(MEDIA_MESSAGES.tooLarge);
  });

  it('refuses text, GIF and SVG files with 415, whatever their name or declared type says', async () => {
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#0a0' } })
      .gif()
      .toBuffer();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    for (const [bytes, name, type] of [
      [Buffer.from('just some notes'), 'notes.txt', 'text/plain'],
      [gif, 'anim.gif', 'image/gif'],
      [svg, 'logo.svg', 'image/svg+xml'],
      [Buffer.from('not a photo at all'), 'fake.jpg', 'image/jpeg'],
    ] as const) {
      const res = await upload(owner, bytes, name, type);
      expect(res.status, name).toBe(415);
      expect(res.body.message).toBe(MEDIA_MESSAGES.wrongType);
      expect(res.body.message).toContain('JPEG, PNG or WebP');
    }
  });

  it('refuses a picture of more than 50 megapixels before decoding it, and a damaged file, with 422', async () => {
    const bomb = await upload(owner, pngClaiming(10_000, 10_000), 'huge.png', 'image/png');
    expect(bomb.status).toBe(422);
    expect(bomb.body.message).toBe(MEDIA_MESSAGES.tooManyPixels);
    const damaged = await upload(owner, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2000)]));
    expect(damaged.status).toBe(422);
    expect(damaged.body.message).toBe(MEDIA_MESSAGES.undecodable);
  });

  it('answers 400 with a message when no file is sent', async () => {
    const form = new FormData();
    form.append('other', 'x');
    const res = await fetch(`${baseUrl}/api/admin/media`, {
      method: 'POST',
      headers: { cookie: owner.cookie!, origin: baseUrl, 'x-forwarded-for': owner.ip },
      body: form,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(MEDIA_MESSAGES.noFile);
  });

  it('lets only staff who manage products upload, and records each upload in the audit log', async () => {
    const packer = await staffClient(baseUrl, DEMO_STAFF_PHONE.packer);
    const photo = await jpeg(50, 50);
    expect((await upload(packer, photo)).status).toBe(403);
    expect((await upload(new ApiClient(baseUrl), photo)).status).toBe(401);
    const manager = await staffClient(baseUrl, DEMO_STAFF_PHONE.manager);
    const res = await upload(manager, photo);
    expect(res.status).toBe(201);
    const audit = await owner.get(
      `/api/admin/audit?record_type=media&record_id=${res.body.data.image.slice('photos/'.length, 'photos/'.length + 32)}`,
    );
    expect(audit.status).toBe(200);
    expect(audit.body.data.entries[0]).toMatchObject({ action: 'media.upload', role: 'manager' });
  });
});
