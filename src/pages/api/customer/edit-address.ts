/**
 * POST /api/customer/edit-address {address_id, name, mobile, building_num, street, landmark,
 * city, po_box, latitude, longitude}: replaces an address (spec 001 §5 edit rules).
 * 400 "Address ID is required." / "All required address fields must be provided."; 404 when not the customer's.
 */
import { api, badRequest, ok, parseId, readBody } from '../../../lib/http/envelope.ts';
import { getDb } from '../../../lib/db/index.ts';
import { editAddress } from '../../../features/addresses/server/addresses.ts';
import { requireCustomer } from '../../../features/auth/server/session.ts';
import { addressJson } from '../../../features/addresses/server/shapes.ts';
import { addressSchema, ADDRESS_MESSAGES } from '../../../features/addresses/rules.ts';
import { NO_STORE } from '../../../lib/cache/cache-control.ts';

const REQUIRED = ['name', 'mobile', 'building_num', 'street', 'city', 'po_box'] as const;

export const POST = api(async (ctx) => {
  const customer = await requireCustomer(ctx);
  const body = await readBody(ctx.request);
  if (body.address_id === undefined || String(body.address_id).trim() === '') throw badRequest(ADDRESS_MESSAGES.idRequired);
  const addressId = parseId(body.address_id, ADDRESS_MESSAGES.idRequired);
  if (REQUIRED.some((k) => typeof body[k] !== 'string' || !(body[k] as string).trim())) throw badRequest(ADDRESS_MESSAGES.allRequired);
  const input = addressSchema.parse(body);
  const address = await editAddress(await getDb(), customer.id, addressId, input);
  return ok({ address: addressJson(address) }, { message: ADDRESS_MESSAGES.updated, headers: NO_STORE });
});
