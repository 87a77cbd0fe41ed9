/**
 * Edge input rules and the request schemas, directly: examples, then properties with
 * fast-check (seeded, so a failure reproduces): whatever a client puts in any field, a schema
 * either accepts it or answers with a message per issue; it never throws anything else.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { profileSchema } from '#features/account/profile-schema.ts';
import { addressSchema } from '#features/addresses/rules.ts';
import { loginSchema, otpLoginSchema, signupSchema } from '#features/auth/rules.ts';
import { listingQuerySchema } from '#features/catalog/listing-query.ts';
import { importRowSchema } from '#features/catalog/server/import-csv.ts';
import { placeOrderBodySchema as placeOrderSchema } from '#features/checkout/contract.ts';
import {
  BodyTooLargeError,
  bodyTooLargeMessage,
  dropBadParams,
  findDisallowedField,
  hasDisallowedChars,
  isCleanPath,
  parseEncoded,
  readCapped,
} from '#lib/http/edge-input.ts';
import { fieldErrors, readBody } from '#lib/http/envelope.ts';

const SEED = 11_2026;

describe('edge text rules', () => {
  it('refuses NUL, other C0 controls, DEL, C1 controls and lone surrogates; allows tab, newlines and any real character', () => {
    for (const bad of ['a\u0000', '\u0007', '\u001b[31m', 'x\u007f', '\u0085', '\ud800', 'a\udc00b', '\udbff'])
      expect(hasDisallowedChars(bad), JSON.stringify(bad)).toBe(true);
    for (const good of [
      '',
      'Tomato',
      'line\nbreak\r\n\ttab',
      'पनीर',
      '🥭 mango',
      'O\'Brien "quoted" ;--',
      '\ud83d\ude00',
    ])
      expect(hasDisallowedChars(good), good).toBe(false);
  });

  it('names the first field, nested or a key, holding a bad character', () => {
    expect(findDisallowedField({ name: 'ok', address: { city: 'a\u0000' } })).toBe('address.city');
    expect(findDisallowedField({ items: ['ok', 'b\u0001'] })).toBe('items.1');
    expect(findDisallowedField({ 'bad\u0000key': 'x' })).toBe('A field name');
    expect(findDisallowedField({ n: 1, b: true, z: null, s: 'fine' })).toBeNull();
  });

  it('decodes query strings and form bodies strictly', () => {
    expect(parseEncoded('product=t%C3%B6mato+red&limit=5')).toEqual({
      pairs: [
        ['product', 'tömato red'],
        ['limit', '5'],
      ],
    });
    expect(parseEncoded('product=%00')).toEqual({ problem: { field: 'product' } });
    expect(parseEncoded('product=%FF')).toEqual({ problem: { field: 'product' } });
    expect(parseEncoded('product=%E0%A4')).toEqual({ problem: { field: 'product' } });
    expect(parseEncoded('product=%ED%A0%80')).toEqual({ problem: { field: 'product' } });
    expect(parseEncoded('%FF=1')).toEqual({ problem: { field: 'A field name' } });
    expect(dropBadParams('sort=%00&page=2&next=%FF')).toBe('page=2');
    expect(isCleanPath('/api/customer/product-details/12')).toBe(true);
    expect(isCleanPath('/product/%FF')).toBe(false);
    expect(isCleanPath('/product/%00')).toBe(false);
  });

  it('says the body limit in kilobytes', () => {
    expect(bodyTooLargeMessage(65_536)).toBe('The request body is too large (limit 64 KB).');
    expect(bodyTooLargeMessage(1500)).toBe('The request body is too large (limit 1500 bytes).');
  });

  it('stops reading a body as soon as it passes the cap', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1000));
      },
    });
    await expect(readCapped(endless, 4500)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(pulled).toBeLessThan(10);
  });

  it('readBody: 413 over the cap by Content-Length or while streaming, 400 naming the field otherwise', async () => {
    const req = (body: BodyInit, type: string, headers: Record<string, string> = {}) =>
      new Request('http://x/api', { method: 'POST', body, headers: { 'content-type': type, ...headers } });
    await expect(readBody(req('{}', 'application/json', { 'content-length': '999999999' }))).rejects.toMatchObject({
      code: 'payload_too_large',
      message: 'The request body is too large (limit 64 KB).',
    });
    await expect(readBody(req(JSON.stringify({ name: 'x'.repeat(70_000) }), 'application/json'))).rejects.toMatchObject(
      { code: 'payload_too_large' },
    );
    await expect(readBody(req(JSON.stringify({ name: 'a\u0000' }), 'application/json'))).rejects.toMatchObject({
      code: 'bad_request',
      message: 'name contains characters that are not allowed.',
      errors: { name: 'name contains characters that are not allowed.' },
    });
    await expect(readBody(req('promocode=%FF', 'application/x-www-form-urlencoded'))).rejects.toMatchObject({
      message: 'promocode contains characters that are not allowed.',
    });
    const form = new FormData();
    form.append('customer_note', 'ring\u0000bell');
    await expect(readBody(new Request('http://x/api', { method: 'POST', body: form }))).rejects.toMatchObject({
      message: 'customer_note contains characters that are not allowed.',
    });
    await expect(
      readBody(req(new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]), 'application/json')),
    ).rejects.toMatchObject({ message: 'The request body is not valid UTF-8 text.' });
    expect(await readBody(req('name=Asha+K&note=line%0Atwo', 'application/x-www-form-urlencoded'))).toEqual({
      name: 'Asha K',
      note: 'line\ntwo',
    });
  });
});

/** Any string a client could send: full Unicode, control characters and lone surrogates. */
const anyText = fc.string({
  unit: fc.oneof(
    { weight: 6, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)) },
    { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)) },
  ),
  maxLength: 60,
});
/** Any JSON value a client could send in a field, plus values close to valid ones. */
const anyValue = fc.oneof(
  anyText,
  fc.constantFrom(
    '',
    ' ',
    '1',
    '0',
    '-1',
    '+919876543210',
    '9876543210',
    'a@b.co',
    '680001',
    '12.50',
    'cod',
    'Cash',
    '1e3',
    'NaN',
    '__proto__',
    'toString',
  ),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(anyText, { maxLength: 3 }),
  fc.dictionary(anyText, anyText, { maxKeys: 3 }),
);

const SCHEMAS: [string, z.ZodType, string[]][] = [
  ['signup', signupSchema, ['name', 'email', 'mobile']],
  ['login', loginSchema, ['key']],
  ['otp login', otpLoginSchema(4), ['key', 'otp']],
  ['profile', profileSchema, ['name', 'email', 'mobile']],
  [
    'address',
    addressSchema,
    ['type', 'name', 'mobile', 'building_num', 'street', 'landmark', 'city', 'po_box', 'latitude', 'longitude'],
  ],
  [
    'place order',
    placeOrderSchema,
    ['address_id', 'payment_mode', 'paid_amount', 'discount', 'customer_note', 'promocode', 'points'],
  ],
  ['listing query', listingQuerySchema, ['subcategory', 'page', 'pageSize', 'sort']],
  [
    'catalogue import row',
    importRowSchema,
    ['index', 'product', 'category', 'sub_category', 'brand', 'sale_price', 'market_price', 'type', 'rating'],
  ],
];

describe.each(SCHEMAS)('the %s schema, for any value in any field', (_name, schema, fields) => {
  it('accepts it or answers a message for each issue, never throwing', () => {
    const record = fc.record(Object.fromEntries(fields.map((f) => [f, anyValue])), { requiredKeys: [] });
    fc.assert(
      fc.property(record, (input) => {
        const result = schema.safeParse(input);
        if (result.success) return;
        expect(result.error.issues.length).toBeGreaterThan(0);
        for (const message of Object.values(fieldErrors(result.error)))
          expect(typeof message === 'string' && message.length > 0).toBe(true);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('does not crash on control characters, and the edge names the field holding them', () => {
    fc.assert(
      fc.property(fc.constantFrom(...fields), anyText, (field, text) => {
        expect(() => schema.safeParse({ [field]: `${text}\u0000` })).not.toThrow();
        expect(findDisallowedField({ [field]: `${text}\u0000` })).toBe(field);
      }),
      { seed: SEED, numRuns: 100 },
    );
  });
});
