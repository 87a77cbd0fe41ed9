/**
 * The photo pipeline's rules, shared by the upload route and the photo manager in the browser:
 * what a photo may be (JPEG, PNG or WebP, at most 10 MB and 50 megapixels) and the messages a
 * refused upload answers with. docs/adr/0127-product-photos.md.
 */

/** Largest photo file the upload takes, in bytes (10 MB). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/**
 * Largest picture the pipeline decodes, in pixels (width × height: 50 megapixels, above a
 * phone's 48 MP sensor). A larger one is refused before it is decoded, so a small file that
 * claims a huge canvas cannot take the server's memory.
 */
export const MAX_PHOTO_PIXELS = 50_000_000;

/** The media types a photo may have, as the file input's `accept` lists them (no HEIC: ADR 0127). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The messages a refused upload answers with (413, 415, 422), shown as they are. */
export const MEDIA_MESSAGES = {
  noFile: 'Choose a photo to upload.',
  wrongType: 'This file is not a photo the shop can use: upload a JPEG, PNG or WebP image.',
  tooLarge: 'This photo is larger than 10 MB: upload a smaller one (a phone photo is usually 2–5 MB).',
  tooManyPixels: 'This picture is too large to process (more than 50 megapixels): upload a smaller one.',
  undecodable: 'This photo could not be read: the file may be damaged. Try saving it again as JPEG.',
  failed: 'The photo could not be uploaded. Please try again.',
} as const;

/** What the upload route answers: the value to store, a preview URL and the stored size in px. */
export interface UploadedImage {
  /** The value to store in `products.images[]`, `categories.image` and the like. */
  image: string;
  /** Where the browser can show it now. */
  url: string;
  width: number;
  height: number;
}
