/** The address book's route handlers (contracts in contract.ts; mounted by src/pages/api/customer/*-address*.ts). */

import { NO_STORE } from '#lib/cache/cache-control.ts';
import { getDb } from '#lib/db/index.ts';
import { implement } from '#lib/http/handler.ts';
import {
  addAddressRoute,
  defaultAddressRoute,
  deleteAddressRoute,
  editAddressRoute,
  listAddressesRoute,
} from './contract.ts';
import { ADDRESS_MESSAGES } from './rules.ts';
import { addressJson } from './server/address-json.ts';
import { addAddress, deleteAddress, editAddress, listAddresses, setDefaultAddress } from './server/addresses.ts';

export const listAddressesEndpoint = implement(listAddressesRoute, async ({ customer }) => {
  const list = (await listAddresses(await getDb(), customer.id)).map(addressJson);
  return { data: { address_list: list, addresses: list, data: { address_list: list } }, headers: NO_STORE };
});

export const addAddressEndpoint = implement(addAddressRoute, async ({ body, customer }) => {
  const address = await addAddress(await getDb(), customer.id, body);
  return { status: 201, message: ADDRESS_MESSAGES.added, data: { address: addressJson(address) }, headers: NO_STORE };
});

export const editAddressEndpoint = implement(editAddressRoute, async ({ body, customer }) => {
  const { address_id: addressId, ...input } = body;
  const address = await editAddress(await getDb(), customer.id, addressId, input);
  return { message: ADDRESS_MESSAGES.updated, data: { address: addressJson(address) }, headers: NO_STORE };
});

export const deleteAddressEndpoint = implement(deleteAddressRoute, async ({ body, customer }) => {
  await deleteAddress(await getDb(), customer.id, body.address_id);
  return { message: ADDRESS_MESSAGES.deleted, data: {}, headers: NO_STORE };
});

export const defaultAddressEndpoint = implement(defaultAddressRoute, async ({ body, customer }) => {
  await setDefaultAddress(await getDb(), customer.id, body.address_id);
  return { message: ADDRESS_MESSAGES.defaultSet, data: {}, headers: NO_STORE };
});
