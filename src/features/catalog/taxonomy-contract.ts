/**
 * The back office's route contracts for categories and subcategories, home banners and home
 * rails (manager and owner: `products.manage`). Every change is audited and shows on the
 * storefront within a second. Browser-safe: zod only. ADR 0128.
 */
import { z } from 'zod';
import { defineAdminRoute, positiveId } from '#lib/http/contract.ts';
import {
  bannerNewSchema,
  bannerPatchSchema,
  moveSchema,
  RAIL_RULES,
  railNewSchema,
  railPatchSchema,
  taxonNewSchema,
  taxonPatchSchema,
} from './taxonomy-rules.ts';

const taxonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  image: z.string().nullable(),
  imageUrl: z.string(),
  isActive: z.boolean(),
  productCount: z.number().int(),
  onSaleCount: z.number().int(),
});

/** A category as staff see it, with its subcategories. */
export const adminCategorySchema = taxonSchema.extend({ subcategories: z.array(taxonSchema) });

/** A banner as staff see it (times ISO). */
export const adminBannerSchema = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  image: z.string(),
  imageUrl: z.string(),
  cta: z.string().nullable(),
  ctaLink: z.string().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  isActive: z.boolean(),
  state: z.enum(['scheduled', 'showing', 'ended', 'off', 'link-hidden']),
});

/** A home rail as staff see it. */
export const adminRailSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  rule: z.enum(RAIL_RULES),
  productIds: z.array(z.number().int()),
  products: z.array(z.object({ id: z.number().int(), name: z.string() })),
  productLimit: z.number().int(),
  isActive: z.boolean(),
});

const categoryId = z.object({ id: positiveId('Invalid category id.') });
const subcategoryId = z.object({ id: positiveId('Invalid subcategory id.') });
const bannerId = z.object({ id: positiveId('Invalid banner id.') });
const railId = z.object({ id: positiveId('Invalid rail id.') });
const tree = z.object({ categories: z.array(adminCategorySchema) });
const banners = z.object({ banners: z.array(adminBannerSchema) });
const rails = z.object({ rails: z.array(adminRailSchema) });

/** GET /api/admin/categories: every category with its subcategories, active or not, in display order. */
export const adminCategoriesRoute = defineAdminRoute({
  method: 'GET',
  path: '/api/admin/categories',
  summary: 'Every category and subcategory, active or not, in display order',
  permission: 'products.manage',
  response: tree,
});

/** POST /api/admin/categories: adds a category at the end of the list. */
export const createCategoryRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/categories',
  summary: 'Add a category (last in the list)',
  description: '409 when a category has the name. Audited. Answers the whole tree.',
  permission: 'products.manage',
  body: taxonNewSchema,
  response: tree,
});

/** PATCH /api/admin/categories/{id}: renames, changes the image, deactivates or reactivates. */
export const updateCategoryRoute = defineAdminRoute({
  method: 'PATCH',
  path: '/api/admin/categories/{id}',
  summary: 'Rename a category, change its image, deactivate or reactivate it',
  description:
    'A deactivated category, its subcategories and products leave the storefront (kept for old orders) and come back on reactivation. The slug and the URLs stay. 409 a name taken. Audited.',
  permission: 'products.manage',
  params: categoryId,
  body: taxonPatchSchema,
  response: tree,
});

/** DELETE /api/admin/categories/{id}: deletes an empty category. */
export const deleteCategoryRoute = defineAdminRoute({
  method: 'DELETE',
  path: '/api/admin/categories/{id}',
  summary: 'Delete a category that has no subcategories and no products',
  description: '409 when it has any (deactivate it instead). Audited.',
  permission: 'products.manage',
  params: categoryId,
  response: tree,
});

/** POST /api/admin/categories/{id}/move: one place up or down. */
export const moveCategoryRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/categories/{id}/move',
  summary: 'Move a category one place up or down',
  description: '409 when it is already first (up) or last (down). Audited.',
  permission: 'products.manage',
  params: categoryId,
  body: moveSchema,
  response: tree,
});

/** POST /api/admin/categories/{id}/subcategories: adds a subcategory at the end of its category. */
export const createSubcategoryRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/categories/{id}/subcategories',
  summary: 'Add a subcategory to a category (last in its list)',
  description: '409 when the category has a subcategory of that name. Audited.',
  permission: 'products.manage',
  params: categoryId,
  body: taxonNewSchema,
  response: tree,
});

/** PATCH /api/admin/subcategories/{id}: renames, changes the image, deactivates or reactivates. */
export const updateSubcategoryRoute = defineAdminRoute({
  method: 'PATCH',
  path: '/api/admin/subcategories/{id}',
  summary: 'Rename a subcategory, change its image, deactivate or reactivate it',
  description: 'A deactivated subcategory and its products leave the storefront. Audited.',
  permission: 'products.manage',
  params: subcategoryId,
  body: taxonPatchSchema,
  response: tree,
});

/** DELETE /api/admin/subcategories/{id}: deletes a subcategory without products. */
export const deleteSubcategoryRoute = defineAdminRoute({
  method: 'DELETE',
  path: '/api/admin/subcategories/{id}',
  summary: 'Delete a subcategory that has no products',
  description: '409 when it has any (deactivate it instead). Audited.',
  permission: 'products.manage',
  params: subcategoryId,
  response: tree,
});

/** POST /api/admin/subcategories/{id}/move: one place up or down within its category. */
export const moveSubcategoryRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/subcategories/{id}/move',
  summary: 'Move a subcategory one place up or down within its category',
  permission: 'products.manage',
  params: subcategoryId,
  body: moveSchema,
  response: tree,
});

/** GET /api/admin/banners: every banner in display order, with its state now. */
export const adminBannersRoute = defineAdminRoute({
  method: 'GET',
  path: '/api/admin/banners',
  summary: 'Every home banner in display order, with whether it shows now',
  permission: 'products.manage',
  response: banners,
});

/** POST /api/admin/banners: adds a banner at the end. */
export const createBannerRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/banners',
  summary: 'Add a home banner (last in the list)',
  description: 'The link is a path on this site or an https URL. Audited.',
  permission: 'products.manage',
  body: bannerNewSchema,
  response: banners,
});

/** PATCH /api/admin/banners/{id}: changes a banner. */
export const updateBannerRoute = defineAdminRoute({
  method: 'PATCH',
  path: '/api/admin/banners/{id}',
  summary: 'Change a home banner: texts, image, link, dates, active',
  description: '422 an end before the start. Audited.',
  permission: 'products.manage',
  params: bannerId,
  body: bannerPatchSchema,
  response: banners,
});

/** DELETE /api/admin/banners/{id}: deletes a banner. */
export const deleteBannerRoute = defineAdminRoute({
  method: 'DELETE',
  path: '/api/admin/banners/{id}',
  summary: 'Delete a home banner',
  description: 'Audited.',
  permission: 'products.manage',
  params: bannerId,
  response: banners,
});

/** POST /api/admin/banners/{id}/move: one place up or down. */
export const moveBannerRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/banners/{id}/move',
  summary: 'Move a home banner one place up or down',
  permission: 'products.manage',
  params: bannerId,
  body: moveSchema,
  response: banners,
});

/** GET /api/admin/home-rails: every home rail in display order. */
export const adminRailsRoute = defineAdminRoute({
  method: 'GET',
  path: '/api/admin/home-rails',
  summary: 'Every product rail of the home page, in display order',
  permission: 'products.manage',
  response: rails,
});

/** POST /api/admin/home-rails: adds a rail at the end. */
export const createRailRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/home-rails',
  summary: 'Add a home rail: chosen products, or a rule (deals, new, bestsellers)',
  description: '422 an unknown product id. Audited.',
  permission: 'products.manage',
  body: railNewSchema,
  response: rails,
});

/** PATCH /api/admin/home-rails/{id}: changes a rail. */
export const updateRailRoute = defineAdminRoute({
  method: 'PATCH',
  path: '/api/admin/home-rails/{id}',
  summary: 'Change a home rail: title, rule, products, how many, active',
  description: '422 an unknown product id, or a chosen rail without products. Audited.',
  permission: 'products.manage',
  params: railId,
  body: railPatchSchema,
  response: rails,
});

/** DELETE /api/admin/home-rails/{id}: deletes a rail. */
export const deleteRailRoute = defineAdminRoute({
  method: 'DELETE',
  path: '/api/admin/home-rails/{id}',
  summary: 'Delete a home rail',
  description: 'Audited.',
  permission: 'products.manage',
  params: railId,
  response: rails,
});

/** POST /api/admin/home-rails/{id}/move: one place up or down. */
export const moveRailRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/home-rails/{id}/move',
  summary: 'Move a home rail one place up or down',
  permission: 'products.manage',
  params: railId,
  body: moveSchema,
  response: rails,
});

export const adminTaxonomyContracts = [
  adminCategoriesRoute,
  createCategoryRoute,
  updateCategoryRoute,
  deleteCategoryRoute,
  moveCategoryRoute,
  createSubcategoryRoute,
  updateSubcategoryRoute,
  deleteSubcategoryRoute,
  moveSubcategoryRoute,
  adminBannersRoute,
  createBannerRoute,
  updateBannerRoute,
  deleteBannerRoute,
  moveBannerRoute,
  adminRailsRoute,
  createRailRoute,
  updateRailRoute,
  deleteRailRoute,
  moveRailRoute,
] as const;
