/**
 * Complaint photos: private files, never public. A photo is re-encoded as WebP (upright, every
 * metadata block — EXIF, GPS, XMP, ICC — dropped, at most PHOTO_MAX_WIDTH px wide) by the media
 * feature's converter and written to MEDIA_DIR/private/complaints/<random>.webp: a folder the
 * /media routes never serve (they read only MEDIA_DIR/photos and the emoji set). It is served only
 * through the complaint routes, to its customer and to staff with complaints.manage, with
 * `Cache-Control: private, no-store`. The clean-up job deletes each photo
 * COMPLAINT_PHOTO_RETENTION_DAYS after its complaint was made.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, isNotNull, lt, sql } from 'drizzle-orm';
import { ConvertError, convertPhoto, sniffPhotoType } from '#features/media/index.ts';
import { MAX_PHOTO_PIXELS, MEDIA_MESSAGES } from '#features/media/rules.ts';
import { getConfig } from '#lib/config.ts';
import type { Database } from '#lib/db/index.ts';
import { complaints } from '#lib/db/schema.ts';
import { AppError } from '#lib/http/envelope.ts';
import type { JobDefinition } from '#lib/jobs/index.ts';
import { logger } from '#lib/log.ts';

/** Widest stored complaint photo, in px: enough to see a bruise or a label. */
const PHOTO_MAX_WIDTH = 1600;
/** WebP quality (0–100). */
const WEBP_QUALITY = 80;
/** A stored complaint photo's file name (nothing else is ever read from the folder). */
const PHOTO_FILE = /^[0-9a-f]{32}\.webp$/;

/** The private folder of complaint photos (MEDIA_DIR/private/complaints). */
export function complaintPhotosDir(): string {
  return path.resolve(getConfig().MEDIA_DIR, 'private', 'complaints');
}

/**
 * Converts and stores one photo; returns its file name (the value of complaints.photo_path).
 * @throws AppError 415 for anything but JPEG, PNG or WebP; 422 for one that does not decode or has too many pixels.
 */
export async function storeComplaintPhoto(bytes: Uint8Array): Promise<string> {
  if (!sniffPhotoType(bytes)) throw new AppError('unsupported_media_type', MEDIA_MESSAGES.wrongType);
  let data: Uint8Array;
  try {
    const [rendition] = await convertPhoto(bytes, {
      widths: [PHOTO_MAX_WIDTH],
      maxPixels: MAX_PHOTO_PIXELS,
      quality: WEBP_QUALITY,
    });
    data = rendition!.data;
  } catch (err) {
    if (!(err instanceof ConvertError)) throw err;
    if (err.reason === 'type') throw new AppError('unsupported_media_type', MEDIA_MESSAGES.wrongType);
    if (err.reason === 'pixels') throw new AppError('unprocessable', MEDIA_MESSAGES.tooManyPixels);
    throw new AppError('unprocessable', MEDIA_MESSAGES.undecodable);
  }
  const dir = complaintPhotosDir();
  await mkdir(dir, { recursive: true });
  const name = `${randomUUID().replaceAll('-', '')}.webp`;
  const temporary = path.join(dir, `${name}.${randomUUID()}.tmp`);
  await writeFile(temporary, data);
  await rename(temporary, path.join(dir, name));
  return name;
}

/** The bytes of the stored photo `name`, or null when the name is not a photo's or the file is gone. */
export async function readComplaintPhoto(name: string): Promise<Uint8Array | null> {
  if (!PHOTO_FILE.test(name)) return null;
  try {
    return await readFile(path.join(complaintPhotosDir(), name));
  } catch {
    return null;
  }
}

/** Deletes the stored photo `name`; a file already gone is not an error. */
export async function deleteComplaintPhoto(name: string): Promise<void> {
  if (!PHOTO_FILE.test(name)) return;
  try {
    await unlink(path.join(complaintPhotosDir(), name));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/** Photos deleted per batch of the clean-up. */
const BATCH = 100;

/**
 * Deletes the photos of complaints made more than COMPLAINT_PHOTO_RETENTION_DAYS before `now`:
 * the file, then the row's photo_path (set to null, photo_deleted_at stamped). Each row is claimed
 * by a guarded update, so two runs at once never count a photo twice. Returns how many were deleted.
 */
export async function pruneComplaintPhotos(db: Database, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - getConfig().COMPLAINT_PHOTO_RETENTION_DAYS * 86_400_000);
  let deleted = 0;
  for (;;) {
    const due = await db
      .select({ id: complaints.id, photoPath: complaints.photoPath })
      .from(complaints)
      .where(and(isNotNull(complaints.photoPath), lt(complaints.createdAt, before)))
      .orderBy(asc(complaints.id))
      .limit(BATCH);
    if (!due.length) return deleted;
    for (const row of due) {
      const [claimed] = await db
        .update(complaints)
        .set({ photoPath: null, photoDeletedAt: now })
        .where(and(sql`${complaints.id} = ${row.id}`, sql`${complaints.photoPath} = ${row.photoPath}`))
        .returning({ id: complaints.id });
      if (!claimed || !row.photoPath) continue;
      await deleteComplaintPhoto(row.photoPath);
      deleted++;
    }
    if (due.length < BATCH) return deleted;
  }
}

/** The photo clean-up as a background job: hourly, once across all server processes. */
export function complaintPhotoJob(): JobDefinition {
  return {
    name: 'complaint-photos',
    intervalMs: 60 * 60_000,
    run: async (db) => {
      const deleted = await pruneComplaintPhotos(db);
      if (deleted) logger.info({ deleted }, 'complaint photos past their retention deleted');
      return { deleted };
    },
  };
}
