/** Wishlist texts shared by the server and the store (spec 000 §8). */
export const WISHLIST_MESSAGES = {
  added: 'Product added to wishlist successfully!',
  removed: 'Product removed from wishlist successfully',
  failed: 'Failed to add product to wishlist. Please try again.',
} as const;
