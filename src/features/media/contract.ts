/**
 * The media feature's route: POST /api/admin/media, one photo per request. Its answer's `data` is
 * what the browser's `uploadImage` (store.ts) resolves with.
 */
import { z } from 'zod';
import { defineAdminRoute } from '#lib/http/contract.ts';
import { MAX_PHOTO_BYTES, MEDIA_MESSAGES } from './rules.ts';

/** Room for the multipart framing around the file (boundaries, part headers), in bytes. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The field of the multipart form that holds the photo. */
export const PHOTO_FIELD = 'file';

/** POST /api/admin/media: uploads one photo, converted to WebP at the pages' widths. */
export const uploadMediaRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/media',
  summary: 'Upload one photo (JPEG, PNG or WebP, up to 10 MB): stored as WebP at the widths the pages use',
  description:
    'multipart/form-data with one field `file`. Answers 201 with `image` (the value to store in a product’s `images`, a category’s or a banner’s `image`), `url` (a preview) and the stored `width` and `height`. The photo is turned upright by its EXIF orientation and every metadata block (EXIF, GPS, XMP, ICC) is dropped. 413 over 10 MB, 415 for anything but JPEG, PNG or WebP (judged by the bytes, not the name), 422 when it cannot be decoded or has more than 50 megapixels. Audited as `media.upload`.',
  permission: 'products.manage',
  fileField: PHOTO_FIELD,
  maxBodyBytes: MAX_PHOTO_BYTES + MULTIPART_OVERHEAD_BYTES,
  tooLargeMessage: MEDIA_MESSAGES.tooLarge,
  response: z.object({
    /** The value to store (`photos/<hash>-<width>x<height>.webp`). */
    image: z.string(),
    /** Where the stored photo is served now. */
    url: z.string(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  }),
});

export const mediaContracts = [uploadMediaRoute] as const;
