/**
 * The OpenAPI 3.1 document, generated from route contracts (contract.ts): paths, parameters,
 * request bodies (JSON, form-urlencoded and multipart, one schema) and the success envelope
 * with each route's `data` schema. Served at GET /api/openapi.json.
 */
import { z } from 'zod';
import type { RouteContract } from './contract.ts';
import { STAFF_API_COOKIE } from './session-cookie.ts';

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;

const failure = {
  type: 'object',
  properties: {
    success: { const: false },
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' } },
    data: { type: 'object' },
  },
  required: ['success', 'message'],
};

/** A file route's 200 (contract `produces`). */
const fileAnswer = (mediaType: string) => ({
  description: 'The file, as an attachment (Content-Disposition)',
  content: { [mediaType]: { schema: { type: 'string', format: 'binary' } } },
});

/** The success envelope with the route's `data`. */
const envelopeAnswer = (response: z.ZodType) => ({
  description: 'Success envelope',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: { success: { const: true }, message: { type: 'string' }, data: jsonSchema(response, 'output') },
        required: ['success', 'data'],
      },
    },
  },
});

/** Parameters of one location (path or query) from an object schema, each with its own JSON schema. */
function parameters(schema: z.ZodObject | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const json = jsonSchema(schema, 'input') as {
    properties?: Record<string, Record<string, unknown>>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}

/** A file route's multipart form: the file under `field` and the text fields declared beside it. */
function fileFormSchema(route: RouteContract, field: string) {
  const fields = route.fileFormFields
    ? (jsonSchema(route.fileFormFields, 'input') as { properties?: Record<string, unknown>; required?: string[] })
    : {};
  return {
    type: 'object',
    required: [...(route.fileOptional ? [] : [field]), ...(fields.required ?? [])],
    properties: { ...fields.properties, [field]: { type: 'string', format: 'binary' } },
  };
}

/** The OpenAPI document for `routes`, served from `serverUrl`. */
export function openApiDocument(
  routes: readonly RouteContract[],
  serverUrl: string,
  info: { title: string; version: string; description: string },
) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const method = route.method.toLowerCase();
    paths[route.path] ??= {};
    const pathItem = paths[route.path]!;
    if (pathItem[method]) throw new Error(`Two contracts for ${route.method} ${route.path}`);
    const params = [...parameters(route.params, 'path'), ...parameters(route.query, 'query')];
    const body = route.body
      ? {
          requestBody: {
            required: true,
            content: Object.fromEntries(
              ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'].map((type) => [
                type,
                { schema: jsonSchema(route.body!, 'input') },
              ]),
            ),
          },
        }
      : route.fileField
        ? {
            requestBody: {
              required: true,
              content: {
                'multipart/form-data': { schema: fileFormSchema(route, route.fileField) },
              },
            },
          }
        : route.consumes
          ? { requestBody: { required: true, content: { [route.consumes]: { schema: { type: 'string' } } } } }
          : {};
    pathItem[method] = {
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      operationId: `${method}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      ...(params.length ? { parameters: params } : {}),
      ...body,
      ...(route.auth === 'customer' ? { security: [{ bearer: [] }, { cookie: [] }] } : {}),
      ...(route.path.startsWith('/api/admin/') ? { tags: ['admin'] } : {}),
      ...(route.auth === 'staff' ? { security: [{ staffCookie: [] }], 'x-permission': route.permission } : {}),
      responses: {
        // An upload creates a stored file: 201.
        [route.fileField ? '201' : '200']: route.produces ? fileAnswer(route.produces) : envelopeAnswer(route.response),
        '4XX': { description: 'Failure envelope with a message', content: { 'application/json': { schema: failure } } },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info,
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'A session token, for API clients that ask for one at sign-in',
        },
        cookie: { type: 'apiKey', in: 'cookie', name: 'ff_session' },
        staffCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: STAFF_API_COOKIE,
          description:
            'A staff session (back office), set by POST /api/admin/login; each route names the permission it needs in x-permission. Over HTTPS the cookie is named __Secure-ff_staff_api',
        },
      },
    },
    tags: [
      {
        name: 'admin',
        description: 'The back office: staff only, each route with its permission (docs/admin-roles.md)',
      },
    ],
    paths,
  };
}
