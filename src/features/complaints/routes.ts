/** The complaints feature's route handlers (contract.ts declares them). */
import { clientIp } from '#features/auth/index.ts';
import { MAX_PHOTO_BYTES, MEDIA_MESSAGES } from '#features/media/rules.ts';
import { orderSmsQueued } from '#features/notifications/index.ts';
import { getConfig } from '#lib/config.ts';
import { getDb } from '#lib/db/index.ts';
import { consume, type ThrottleRule } from '#lib/db/throttle.ts';
import { AppError, badRequest, fieldErrors, readBody } from '#lib/http/envelope.ts';
import { implement, implementFile } from '#lib/http/handler.ts';
import { readUploadedForm } from '#lib/http/upload.ts';
import {
  acknowledgeComplaintRoute,
  adminComplaintsRoute,
  adminPhotoRoute,
  createComplaintRoute,
  customerPhotoRoute,
  listComplaintsRoute,
  newComplaintSchema,
  resolveComplaintRoute,
} from './contract.ts';
import { COMPLAINT_MESSAGES, COMPLAINT_PHOTO_FIELD } from './rules.ts';
import {
  acknowledgeComplaint,
  complaintForKey,
  complaintQueue,
  createComplaint,
  customerComplaints,
  customerPhotoPath,
  resolveComplaint,
  staffPhotoPath,
} from './server/complaints.ts';
import { deleteComplaintPhoto, readComplaintPhoto, storeComplaintPhoto } from './server/photos.ts';

/**
 * Complaints one customer may make per hour (a burst of retries reuses its idempotency key and is
 * not counted); its 429 says when to try again, from its Retry-After.
 */
const CUSTOMER_RULE: ThrottleRule = {
  bucket: 'complaint_customer',
  limit: 10,
  windowMs: 3_600_000,
  message: COMPLAINT_MESSAGES.throttled,
  saysWhen: true,
};
/** Complaints from one client IP per hour (a shared network holds several customers); says when too. */
const IP_RULE: ThrottleRule = {
  bucket: 'complaint_ip',
  limit: 30,
  windowMs: 3_600_000,
  message: COMPLAINT_MESSAGES.throttled,
  saysWhen: true,
};

/** A private photo's headers: never stored by a browser or a proxy, never sniffed. */
const PRIVATE_PHOTO_HEADERS = { 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' };

/** The request's fields and photo: multipart (with a photo) or JSON / form-urlencoded (without). */
async function readComplaintRequest(request: Request) {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (type.includes('multipart/form-data'))
    return readUploadedForm(request, COMPLAINT_PHOTO_FIELD, createComplaintRoute.maxBodyBytes, MEDIA_MESSAGES.tooLarge);
  return { fields: await readBody(request), file: null };
}

/**
 * POST /api/customer/complaints: the same idempotency key answers its complaint (200) before
 * anything is stored or counted; otherwise the throttles, the photo (stored before the row, so the
 * row never names a missing file; deleted again when the row is not made), the complaint (201).
 */
export const createComplaintEndpoint = implement(createComplaintRoute, async ({ ctx, customer }) => {
  const { fields, file } = await readComplaintRequest(ctx.request);
  const parsed = newComplaintSchema.safeParse(fields);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    throw badRequest(Object.values(errors)[0] ?? 'Invalid complaint.', errors);
  }
  const input = parsed.data;
  const db = await getDb();
  const known = await complaintForKey(db, customer.id, input);
  if (known) return { data: { complaint: known }, message: COMPLAINT_MESSAGES.created };
  if (file && file.bytes.byteLength > MAX_PHOTO_BYTES) throw new AppError('payload_too_large', MEDIA_MESSAGES.tooLarge);
  await consume(db, IP_RULE, clientIp(ctx));
  await consume(db, CUSTOMER_RULE, String(customer.id));
  const photoPath = file ? await storeComplaintPhoto(file.bytes) : null;
  try {
    const made = await createComplaint(db, customer.id, input, {
      windowHours: getConfig().COMPLAINT_WINDOW_HOURS,
      photoPath,
    });
    if (!made.created && photoPath) await deleteComplaintPhoto(photoPath);
    if (made.created) orderSmsQueued();
    return {
      data: { complaint: made.complaint },
      status: made.created ? 201 : 200,
      message: COMPLAINT_MESSAGES.created,
    };
  } catch (err) {
    if (photoPath) await deleteComplaintPhoto(photoPath);
    throw err;
  }
});

/** GET /api/customer/complaints */
export const listComplaintsEndpoint = implement(listComplaintsRoute, async ({ customer, query }) => ({
  data: { complaints: await customerComplaints(await getDb(), customer.id, query.order_id) },
}));

/** Serves a stored complaint photo privately; 404 when its file is gone. */
async function photoFile(name: string, id: number) {
  const bytes = await readComplaintPhoto(name);
  if (!bytes) throw new AppError('not_found', COMPLAINT_MESSAGES.photoNotFound);
  return { body: bytes, filename: `complaint-${id}.webp`, headers: PRIVATE_PHOTO_HEADERS };
}

/** GET /api/customer/complaints/{id}/photo */
export const customerPhotoEndpoint = implementFile(customerPhotoRoute, async ({ customer, params }) =>
  photoFile(await customerPhotoPath(await getDb(), customer.id, params.id), params.id),
);

/** GET /api/admin/complaints */
export const adminComplaintsEndpoint = implement(adminComplaintsRoute, async ({ query }) => ({
  data: await complaintQueue(await getDb(), query.status),
}));

/** POST /api/admin/complaints/{id}/acknowledge */
export const acknowledgeComplaintEndpoint = implement(acknowledgeComplaintRoute, async ({ actor, params }) => ({
  data: { complaint: await acknowledgeComplaint(await getDb(), actor, params.id) },
  message: 'Acknowledged.',
}));

/** POST /api/admin/complaints/{id}/resolve */
export const resolveComplaintEndpoint = implement(resolveComplaintRoute, async ({ actor, params, body }) => ({
  data: { complaint: await resolveComplaint(await getDb(), actor, params.id, body.resolution) },
  message: 'Resolved.',
}));

/** GET /api/admin/complaints/{id}/photo */
export const adminPhotoEndpoint = implementFile(adminPhotoRoute, async ({ params }) =>
  photoFile(await staffPhotoPath(await getDb(), params.id), params.id),
);
