/** JSON of the address API: building also as building_num, is_default, the map pin. */
import type { Address } from './addresses.ts';

export function addressJson(a: Address) {
  return {
    id: a.id,
    type: a.type,
    name: a.name || 'Not provided',
    mobile: a.mobile,
    building: a.buildingNum,
    building_num: a.buildingNum,
    street: a.street,
    landmark: a.landmark,
    city: a.city,
    po_box: a.poBox,
    latitude: a.latitude,
    longitude: a.longitude,
    is_default: a.isDefault,
    deliverable: a.deliverable,
  };
}
