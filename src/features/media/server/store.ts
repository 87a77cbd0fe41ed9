/**
 * The photo store: one function, `storeImage`, that the upload route and the demo shop's seed both
 * use, and the reads that serve stored files.
 *
 * A photo is named by a hash of its input bytes (and of the pipeline's settings): the same file
 * uploaded twice, or seeded by every demo start, is converted once. Its files live in
 * MEDIA_DIR/photos/: one WebP per width below the largest (`<hash>-<width>.webp`), the largest
 * (`<hash>-<width>x<height>.webp`, also the value stored on the product), and `<hash>.json`, written
 * last, whose presence says every file is in place. Files are written under a temporary name and
 * renamed, so a reader (another server on a shared volume) never sees half a file.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { getConfig } from '#lib/config.ts';
import { AppError } from '#lib/http/envelope.ts';
import { imageUrl, PHOTO_WIDTHS, photoPath, photoRenditionName } from '#lib/images.ts';
import { MAX_PHOTO_PIXELS, MEDIA_MESSAGES, type UploadedImage } from '../rules.ts';
import { ConvertError, convertPhoto } from './convert.ts';

/** WebP quality (0–100): photos stay clean at a third of a JPEG's bytes. */
const WEBP_QUALITY = 80;

/** Part of every photo's hash: changing the widths or the quality gives every photo new names. */
const PIPELINE = `webp-q${WEBP_QUALITY}-w${PHOTO_WIDTHS.join('.')}-p${MAX_PHOTO_PIXELS}`;

/** The folder of stored photos (MEDIA_DIR/photos). */
export function photosDir(): string {
  return path.resolve(getConfig().MEDIA_DIR, 'photos');
}

/** The media type a photo's first bytes show (JPEG, PNG, WebP), or null for anything else. */
export function sniffPhotoType(bytes: Uint8Array): 'image/jpeg' | 'image/png' | 'image/webp' | null {
  const at = (i: number, ...values: number[]) => values.every((v, k) => bytes[i + k] === v);
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  return null;
}

/** The content hash that names a photo: 32 hex digits of SHA-256 over the pipeline and the bytes. */
export function photoHash(bytes: Uint8Array): string {
  return createHash('sha256').update(PIPELINE).update(bytes).digest('hex').slice(0, 32);
}

/** Writes `data` to `file` under a temporary name first, so readers see all of it or nothing. */
async function writeAtomically(file: string, data: Uint8Array | string): Promise<void> {
  const temporary = `${file}.${randomUUID()}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, file);
}

/** What `<hash>.json` records: the largest rendition's size. */
interface Manifest {
  width: number;
  height: number;
}

/** The photo's manifest, or null when it has not been stored (or its manifest is unreadable). */
async function readManifest(file: string): Promise<Manifest | null> {
  try {
    const value = JSON.parse(await readFile(file, 'utf8')) as Partial<Manifest>;
    return Number.isInteger(value.width) && Number.isInteger(value.height) ? (value as Manifest) : null;
  } catch {
    return null;
  }
}

/** The upload's answer for a stored photo. */
function uploaded(hash: string, { width, height }: Manifest): UploadedImage {
  const image = photoPath(hash, width, height);
  return { image, url: imageUrl(image, getConfig().MEDIA_BASE_URL || '/media'), width, height };
}

/**
 * Stores one photo (the bytes of a JPEG, PNG or WebP file) and answers the value to store on a
 * product, category or banner. A photo stored before (same bytes) is not converted again.
 * @throws AppError 415 for anything but JPEG, PNG or WebP; 422 for a photo over MAX_PHOTO_PIXELS
 *   or one that does not decode.
 */
export async function storeImage(bytes: Uint8Array): Promise<UploadedImage> {
  if (!sniffPhotoType(bytes)) throw new AppError('unsupported_media_type', MEDIA_MESSAGES.wrongType);
  const hash = photoHash(bytes);
  const dir = photosDir();
  const manifestFile = path.join(dir, `${hash}.json`);
  const known = await readManifest(manifestFile);
  if (known) return uploaded(hash, known);
  let renditions: Awaited<ReturnType<typeof convertPhoto>>;
  try {
    renditions = await convertPhoto(bytes, {
      widths: PHOTO_WIDTHS,
      maxPixels: MAX_PHOTO_PIXELS,
      quality: WEBP_QUALITY,
    });
  } catch (err) {
    if (!(err instanceof ConvertError)) throw err;
    if (err.reason === 'type') throw new AppError('unsupported_media_type', MEDIA_MESSAGES.wrongType);
    if (err.reason === 'pixels') throw new AppError('unprocessable', MEDIA_MESSAGES.tooManyPixels);
    throw new AppError('unprocessable', MEDIA_MESSAGES.undecodable);
  }
  const largest = renditions.at(-1)!;
  await mkdir(dir, { recursive: true });
  for (const r of renditions) {
    const name = r === largest ? path.basename(photoPath(hash, r.width, r.height)) : photoRenditionName(hash, r.width);
    await writeAtomically(path.join(dir, name), r.data);
  }
  const manifest: Manifest = { width: largest.width, height: largest.height };
  await writeAtomically(manifestFile, JSON.stringify(manifest));
  return uploaded(hash, manifest);
}

/** A stored photo file's name: a rendition or the largest (nothing else is ever served). */
const PHOTO_FILE = /^[0-9a-f]{32}-\d{1,5}(?:x\d{1,5})?\.webp$/;

/**
 * The bytes of a stored photo file named `name` (as in /media/photos/<name>), or null when the
 * name is not a photo file's (so no path can leave the folder) or no such file is stored.
 */
export async function readPhotoFile(name: string): Promise<Uint8Array | null> {
  if (!PHOTO_FILE.test(name)) return null;
  try {
    return await readFile(path.join(photosDir(), name));
  } catch {
    return null;
  }
}
