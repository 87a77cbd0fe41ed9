/**
 * The orders feature's route declarations, the one declaration of each, shared by the server
 * (routes.ts), the islands (types only) and the OpenAPI document. Money is sent as 2-decimal rupee
 * strings, like the spec's answers. Zod only; islands import these with `import type`
 * (src/lib/http/client.ts). The declarations live by concern in the files re-exported here.
 */
export * from './customer-order-contract.ts';
export * from './order-schema.ts';
