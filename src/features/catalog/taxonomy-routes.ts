/**
 * The back office's category, banner and home-rail routes (contracts in taxonomy-contract.ts;
 * mounted by src/pages/api/admin/{categories,subcategories,banners,home-rails}/**). Each answers
 * the whole list after the change, so the screen redraws from what the server holds.
 */

import { NO_STORE } from '#lib/cache/cache-control.ts';
import { getDb } from '#lib/db/index.ts';
import { implement } from '#lib/http/handler.ts';
import { createBanner, deleteBanner, listAdminBanners, moveBanner, updateBanner } from './server/banner-admin.ts';
import { createRail, deleteRail, listAdminRails, moveRail, updateRail } from './server/home-rails.ts';
import {
  createCategory,
  createSubcategory,
  deleteCategory,
  deleteSubcategory,
  listAdminCategories,
  moveCategory,
  moveSubcategory,
  updateCategory,
  updateSubcategory,
} from './server/taxonomy-admin.ts';
import {
  adminBannersRoute,
  adminCategoriesRoute,
  adminRailsRoute,
  createBannerRoute,
  createCategoryRoute,
  createRailRoute,
  createSubcategoryRoute,
  deleteBannerRoute,
  deleteCategoryRoute,
  deleteRailRoute,
  deleteSubcategoryRoute,
  moveBannerRoute,
  moveCategoryRoute,
  moveRailRoute,
  moveSubcategoryRoute,
  updateBannerRoute,
  updateCategoryRoute,
  updateRailRoute,
  updateSubcategoryRoute,
} from './taxonomy-contract.ts';

const tree = async (categories: Promise<Awaited<ReturnType<typeof listAdminCategories>>>, message?: string) => ({
  data: { categories: await categories },
  headers: NO_STORE,
  ...(message && { message }),
});

export const adminCategoriesEndpoint = implement(adminCategoriesRoute, async () =>
  tree(listAdminCategories(await getDb())),
);
export const createCategoryEndpoint = implement(createCategoryRoute, async ({ body, actor }) => ({
  ...(await tree(createCategory(await getDb(), body, actor), `Category ${body.name} added.`)),
  status: 201,
}));
export const updateCategoryEndpoint = implement(updateCategoryRoute, async ({ params, body, actor }) =>
  tree(updateCategory(await getDb(), params.id, body, actor), 'Category saved.'),
);
export const deleteCategoryEndpoint = implement(deleteCategoryRoute, async ({ params, actor }) =>
  tree(deleteCategory(await getDb(), params.id, actor), 'Category deleted.'),
);
export const moveCategoryEndpoint = implement(moveCategoryRoute, async ({ params, body, actor }) =>
  tree(moveCategory(await getDb(), params.id, body, actor), `Category moved ${body.direction}.`),
);
export const createSubcategoryEndpoint = implement(createSubcategoryRoute, async ({ params, body, actor }) => ({
  ...(await tree(createSubcategory(await getDb(), params.id, body, actor), `Subcategory ${body.name} added.`)),
  status: 201,
}));
export const updateSubcategoryEndpoint = implement(updateSubcategoryRoute, async ({ params, body, actor }) =>
  tree(updateSubcategory(await getDb(), params.id, body, actor), 'Subcategory saved.'),
);
export const deleteSubcategoryEndpoint = implement(deleteSubcategoryRoute, async ({ params, actor }) =>
  tree(deleteSubcategory(await getDb(), params.id, actor), 'Subcategory deleted.'),
);
export const moveSubcategoryEndpoint = implement(moveSubcategoryRoute, async ({ params, body, actor }) =>
  tree(moveSubcategory(await getDb(), params.id, body, actor), `Subcategory moved ${body.direction}.`),
);

export const adminBannersEndpoint = implement(adminBannersRoute, async () => ({
  data: { banners: await listAdminBanners(await getDb()) },
  headers: NO_STORE,
}));
export const createBannerEndpoint = implement(createBannerRoute, async ({ body, actor }) => ({
  data: { banners: await createBanner(await getDb(), body, actor) },
  status: 201,
  message: 'Banner added.',
  headers: NO_STORE,
}));
export const updateBannerEndpoint = implement(updateBannerRoute, async ({ params, body, actor }) => ({
  data: { banners: await updateBanner(await getDb(), params.id, body, actor) },
  message: 'Banner saved.',
  headers: NO_STORE,
}));
export const deleteBannerEndpoint = implement(deleteBannerRoute, async ({ params, actor }) => ({
  data: { banners: await deleteBanner(await getDb(), params.id, actor) },
  message: 'Banner deleted.',
  headers: NO_STORE,
}));
export const moveBannerEndpoint = implement(moveBannerRoute, async ({ params, body, actor }) => ({
  data: { banners: await moveBanner(await getDb(), params.id, body, actor) },
  message: `Banner moved ${body.direction}.`,
  headers: NO_STORE,
}));

export const adminRailsEndpoint = implement(adminRailsRoute, async () => ({
  data: { rails: await listAdminRails(await getDb()) },
  headers: NO_STORE,
}));
export const createRailEndpoint = implement(createRailRoute, async ({ body, actor }) => ({
  data: { rails: await createRail(await getDb(), body, actor) },
  status: 201,
  message: `Rail ${body.title} added.`,
  headers: NO_STORE,
}));
export const updateRailEndpoint = implement(updateRailRoute, async ({ params, body, actor }) => ({
  data: { rails: await updateRail(await getDb(), params.id, body, actor) },
  message: 'Rail saved.',
  headers: NO_STORE,
}));
export const deleteRailEndpoint = implement(deleteRailRoute, async ({ params, actor }) => ({
  data: { rails: await deleteRail(await getDb(), params.id, actor) },
  message: 'Rail deleted.',
  headers: NO_STORE,
}));
export const moveRailEndpoint = implement(moveRailRoute, async ({ params, body, actor }) => ({
  data: { rails: await moveRail(await getDb(), params.id, body, actor) },
  message: `Rail moved ${body.direction}.`,
  headers: NO_STORE,
}));
