/**
 * Address book routes (docs/account-rules.md#address-book): the one declaration of each, shared by
 * the server (routes.ts), the islands (types only) and the OpenAPI document. Zod only; islands
 * import these with `import type` (src/lib/http/client.ts).
 */
import { z } from 'zod';
import { defineRoute, positiveId } from '#lib/http/contract.ts';
import { ADDRESS_MESSAGES, addressSchema, addressShape } from './rules.ts';

/** An address as the API answers it: building also as building_num, is_default, the map pin. */
export const addressJsonSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  /** "Not provided" when empty. */
  name: z.string(),
  mobile: z.string(),
  /** The same as building_num (the list's own name for it). */
  building: z.string(),
  building_num: z.string(),
  street: z.string(),
  landmark: z.string().nullable(),
  city: z.string(),
  po_box: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  is_default: z.boolean(),
  /** False when the shop does not deliver to the postal code (the address may still be saved). */
  deliverable: z.boolean(),
});

const addressIdBody = z.object({ address_id: positiveId(ADDRESS_MESSAGES.idRequired) });
const savedAddress = z.object({ address: addressJsonSchema });

/** GET /api/customer/address-list: default first, under every key the spec's callers read. */
export const listAddressesRoute = defineRoute({
  method: 'GET',
  path: '/api/customer/address-list',
  summary: 'Addresses, default first',
  description:
    'The same list under data.address_list (checkout), data.addresses (credit panel) and data.data.address_list (account page), for clients that read any of them.',
  auth: 'customer',
  response: z.object({
    address_list: z.array(addressJsonSchema),
    addresses: z.array(addressJsonSchema),
    data: z.object({ address_list: z.array(addressJsonSchema) }),
  }),
});

/** POST /api/customer/add-address: 201 with the address; the customer's first becomes the default. */
export const addAddressRoute = defineRoute({
  method: 'POST',
  path: '/api/customer/add-address',
  summary: 'Add an address (201); the first one becomes the default',
  auth: 'customer',
  body: addressSchema,
  response: savedAddress,
});

/** POST /api/customer/edit-address: replaces an address; 404 when it is not the customer's. */
export const editAddressRoute = defineRoute({
  method: 'POST',
  path: '/api/customer/edit-address',
  summary: 'Replace an address',
  description:
    '400 "Address ID is required." without a valid address_id; "All required address fields must be provided." when name, mobile, building_num, street, city or po_box is missing or blank; 404 for another customer\'s address.',
  auth: 'customer',
  body: addressIdBody.extend(addressShape(ADDRESS_MESSAGES.allRequired)),
  response: savedAddress,
});

/** POST /api/customer/delete-address: the newest remaining address becomes the default when the default goes. */
export const deleteAddressRoute = defineRoute({
  method: 'POST',
  path: '/api/customer/delete-address',
  summary: "Delete an address; 404 when it is not the customer's",
  auth: 'customer',
  body: addressIdBody,
  response: z.object({}),
});

/** POST /api/customer/default-address: makes the address the default (and no other). */
export const defaultAddressRoute = defineRoute({
  method: 'POST',
  path: '/api/customer/default-address',
  summary: "Make an address the default; 404 when it is not the customer's",
  auth: 'customer',
  body: addressIdBody,
  response: z.object({}),
});

export const addressContracts = [
  listAddressesRoute,
  addAddressRoute,
  editAddressRoute,
  deleteAddressRoute,
  defaultAddressRoute,
] as const;

/** An address as the islands read it. */
export type AddressJson = z.output<typeof addressJsonSchema>;
