/**
 * POST or DELETE /api/customer/delete-account: src/features/account (contract.ts, routes.ts).
 * No GET: GET and HEAD answer 405 with `Allow: POST, DELETE`.
 */

import { deleteAccountEndpoint, deleteAccountPostEndpoint } from '#features/account/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, DELETE, ALL } = mount(deleteAccountPostEndpoint, deleteAccountEndpoint);
