/**
 * One declaration per route: every endpoint file under src/pages/api mounts declared routes
 * whose method and path match the file, every declaration has its endpoint, every GET also
 * answers HEAD, and the generated OpenAPI document lists them all and passes Redocly's
 * recommended lint rules.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { allContracts } from '#features/contracts.ts';
import { openApiDocument } from '#lib/http/openapi.ts';

const API_DIR = path.resolve('src/pages/api');
/** Endpoints that are not API routes of the shop: the document itself. */
const NOT_ROUTES = new Set(['/api/openapi.json']);
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

function endpointFiles(dir = API_DIR): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? endpointFiles(full) : full.endsWith('.ts') ? [full] : [];
  });
}

/** `/api/customer/orders/{id}` for src/pages/api/customer/orders/[id].ts. */
const routePath = (file: string) =>
  `/api/${path
    .relative(API_DIR, file)
    .replace(/\.ts$/, '')
    .replace(/\[(\w+)\]/g, '{$1}')}`;

describe('route declarations', () => {
  it('every endpoint file mounts declared routes that match its path, and every declaration is mounted', async () => {
    const mounted: string[] = [];
    for (const file of endpointFiles()) {
      const at = routePath(file);
      if (NOT_ROUTES.has(at)) continue;
      const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      const methods = METHODS.filter((m) => typeof module[m] === 'function');
      expect(methods.length, `${at} exports no method`).toBeGreaterThan(0);
      expect(typeof module.ALL, `${at} answers other methods with 405 (ALL)`).toBe('function');
      if (methods.includes('GET')) expect(typeof module.HEAD, `${at} answers HEAD like GET`).toBe('function');
      for (const method of methods) {
        const declared = allContracts.find((c) => c.method === method && c.path === at);
        expect(declared, `${method} ${at} has no declaration in src/features/*/contract.ts`).toBeTruthy();
        mounted.push(`${method} ${at}`);
      }
    }
    const declared = allContracts.map((c) => `${c.method} ${c.path}`);
    expect(new Set(declared).size, 'no route is declared twice').toBe(declared.length);
    expect([...declared].sort()).toEqual([...mounted].sort());
  });

  it('the OpenAPI document lists every declared route and passes the recommended lint rules', async () => {
    const doc = openApiDocument(allContracts, 'https://shop.test', {
      title: 'FarmFresh API',
      version: '1.0.0',
      description: 'test',
    });
    const listed = Object.entries(doc.paths).flatMap(([p, item]) =>
      Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(listed.sort()).toEqual(allContracts.map((c) => `${c.method} ${c.path}`).sort());
    const config = await createConfig({
      extends: ['recommended'],
      rules: { 'info-license': 'off', 'security-defined': 'off', 'operation-4xx-response': 'off' },
    });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    expect(
      problems
        .filter((p) => p.severity === 'error')
        .map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`),
    ).toEqual([]);
  });

  it('describes the spec calls with their payload fields', () => {
    const doc = openApiDocument(allContracts, 'https://shop.test', {
      title: 'FarmFresh API',
      version: '1.0.0',
      description: 'test',
    });
    type Op = { requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } };
    const register = doc.paths['/api/register']!.post as Op;
    expect(Object.keys(register.requestBody.content['application/json']!.schema.properties)).toEqual([
      'name',
      'email',
      'mobile',
    ]);
    const order = doc.paths['/api/customer/place-order']!.post as Op;
    expect(Object.keys(order.requestBody.content['multipart/form-data']!.schema.properties)).toEqual(
      expect.arrayContaining([
        'address_id',
        'payment_mode',
        'paid_amount',
        'promocode',
        'discount',
        'points',
        'customer_note',
      ]),
    );
    expect(doc.paths['/api/customer/product-details/{id}']!.get).toBeTruthy();
  });
});
