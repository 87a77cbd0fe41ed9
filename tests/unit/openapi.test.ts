import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/lib/server/openapi.ts';

describe('OpenAPI document', () => {
  const doc = openApiDocument('http://shop.test');
  it('is OpenAPI 3.1 and describes the spec calls with their payload fields', () => {
    expect(doc.openapi).toBe('3.1.0');
    const register = doc.paths['/api/register']!.post as { requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } };
    expect(Object.keys(register.requestBody.content['application/json']!.schema.properties)).toEqual(['name', 'email', 'mobile']);
    const order = doc.paths['/api/customer/place-order']!.post as { requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } };
    expect(Object.keys(order.requestBody.content['multipart/form-data']!.schema.properties)).toEqual(
      expect.arrayContaining(['address_id', 'payment_mode', 'paid_amount', 'promocode', 'discount', 'points', 'customer_note']),
    );
    expect(doc.paths['/api/customer/product-details/{id}']!.get).toBeTruthy();
  });
});
