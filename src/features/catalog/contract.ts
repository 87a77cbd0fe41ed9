/**
 * The catalogue's public contract: its JSON shapes and route contracts, shared
 * by the routes (routes.ts), the islands (with `import type`), other features and the OpenAPI
 * document. Browser-safe: zod only. The shapes live in catalog-schemas.ts, the storefront's and
 * wishlist's routes in storefront-contract.ts, the back office's in admin-contract.ts (products) and
 * taxonomy-contract.ts (categories, banners, home rails).
 */

export * from './admin-contract.ts';
export * from './admin-rules.ts';
export * from './catalog-schemas.ts';
export { positiveInt, queryParam } from './listing-query.ts';
export * from './storefront-contract.ts';
export * from './taxonomy-contract.ts';
export * from './taxonomy-rules.ts';
