/**
 * POST /cart/add: the Add buttons as a plain form post (before or without JavaScript):
 * src/features/cart/server/form-add.ts.
 */
import type { APIRoute } from 'astro';
import { formAdd } from '#features/cart/index.ts';
import { errorResponse } from '#lib/http/envelope.ts';

export const prerender = false;

export const POST: APIRoute = async (ctx) => {
  try {
    return await formAdd(ctx);
  } catch (err) {
    return errorResponse(err, ctx.locals.reqId);
  }
};
