/** A delivery address inside the shop's default zone (PIN 680001, Thrissur), as the address form sends it. */
export const THRISSUR_ADDRESS = {
  type: 'home',
  name: 'Asha Menon',
  mobile: '+919876543210',
  building_num: '12/4',
  street: 'Round North',
  landmark: null,
  city: 'Thrissur',
  po_box: '680001',
  latitude: 10.5276,
  longitude: 76.2144,
};
