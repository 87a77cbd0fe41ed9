/** The media feature's route handler: POST /api/admin/media (contract.ts). */
import { recordAudit } from '#lib/db/audit.ts';
import { getDb } from '#lib/db/index.ts';
import { AppError, badRequest } from '#lib/http/envelope.ts';
import { implement } from '#lib/http/handler.ts';
import { readUploadedFile } from '#lib/http/upload.ts';
import { PHOTO_FIELD, uploadMediaRoute } from './contract.ts';
import { MAX_PHOTO_BYTES, MEDIA_MESSAGES } from './rules.ts';
import { storeImage } from './server/store.ts';

/**
 * Stores the uploaded photo and answers 201 with the value to keep. Audited as `media.upload`
 * (who added which file): the product, category or banner that shows it is audited when saved.
 */
export const uploadMediaEndpoint = implement(uploadMediaRoute, async ({ ctx, actor }) => {
  const file = await readUploadedFile(ctx.request, PHOTO_FIELD, uploadMediaRoute.maxBodyBytes, MEDIA_MESSAGES.tooLarge);
  if (!file) throw badRequest(MEDIA_MESSAGES.noFile, { [PHOTO_FIELD]: MEDIA_MESSAGES.noFile });
  if (file.bytes.byteLength > MAX_PHOTO_BYTES) throw new AppError('payload_too_large', MEDIA_MESSAGES.tooLarge);
  const stored = await storeImage(file.bytes);
  await recordAudit(await getDb(), actor, {
    action: 'media.upload',
    // The record is the photo's content hash (its files' common name).
    record: { type: 'media', id: stored.image.slice('photos/'.length).split('-')[0]! },
    after: { image: stored.image, width: stored.width, height: stored.height, bytes: file.bytes.byteLength },
  });
  return { data: stored, status: 201 };
});
