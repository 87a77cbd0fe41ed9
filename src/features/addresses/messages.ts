/**
 * The address texts customers see (docs/account-rules.md) for the server and the islands. Free of
 * zod, so the address book on My Account loads no validation library until the address form opens;
 * rules.ts re-exports them.
 */
export const ADDRESS_MESSAGES = {
  fetchAddresses: 'Failed to fetch addresses.',
  deleteAddress: 'Failed to delete address.',
  updateAddress: 'Failed to update address.',
  setDefault: 'Failed to set default address.',
  addressUpdated: 'Address updated successfully!',
  name: 'Full Name is required',
  mobile: 'Please enter a valid mobile number',
  building: 'Building Number is required',
  street: 'Street is required',
  city: 'City is required',
  poBoxRequired: 'Postal Code is required',
  poBoxSix: 'Postal Code must be exactly 6 digits',
  location: 'Please select a location on the map',
  fixErrors: 'Please fix the errors in the form before submitting.',
  idRequired: 'Address ID is required.',
  allRequired: 'All required address fields must be provided.',
  added: 'Address added successfully!',
  updated: 'Address updated successfully!',
  deleted: 'Address deleted successfully!',
  defaultSet: 'Default address set successfully!',
  notFound: 'Address not found.',
  /** Address dialog failures. */
  saveFailed: 'Failed to save address. Please try again.',
  noSession: 'You need to be logged in to save addresses',
  expired: 'Your session has expired. Please log in again.',
} as const;
