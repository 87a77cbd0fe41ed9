/**
 * The complaints feature's browser side: `submitComplaint`, which the order page's "Report a
 * problem" and the grievance form call. It sends the complaint as the route's multipart form
 * (contract.ts: the fields beside an optional photo) through the islands' one API client, and
 * resolves with the complaint and its ticket number. A photo over 10 MB or of another type than
 * JPEG, PNG or WebP is refused here with the server's own message, without sending it.
 */
import { MAX_PHOTO_BYTES, MEDIA_MESSAGES, PHOTO_TYPES } from '#features/media/rules.ts';
import { ApiError, apiRequest } from '#lib/http/api-client.ts';
import type { CustomerComplaint, createComplaintRoute } from './contract.ts';
import { COMPLAINT_PHOTO_FIELD, type ComplaintReason } from './rules.ts';

/** What a form sends. */
export interface ComplaintForm {
  orderId?: number;
  reason: ComplaintReason;
  description: string;
  lines?: { line_id: number; qty: number }[];
  photo?: File | null;
  /** One key per complaint being made: a second press sends the same key and gets the same ticket. */
  idempotencyKey: string;
}

const PATH: (typeof createComplaintRoute)['path'] = '/api/customer/complaints';
const FAILED = 'Your complaint could not be sent. Please try again.';

/** Sends a complaint; resolves with it (ticket number included). @throws ApiError with the message to show. */
export async function submitComplaint(form: ComplaintForm): Promise<CustomerComplaint> {
  const { photo } = form;
  if (photo && photo.size > MAX_PHOTO_BYTES) throw new ApiError(MEDIA_MESSAGES.tooLarge, 413);
  if (photo?.type && !(PHOTO_TYPES as readonly string[]).includes(photo.type))
    throw new ApiError(MEDIA_MESSAGES.wrongType, 415);
  const body = new FormData();
  if (form.orderId !== undefined) body.append('order_id', String(form.orderId));
  body.append('reason', form.reason);
  if (form.description.trim()) body.append('description', form.description.trim());
  if (form.lines?.length) body.append('lines', JSON.stringify(form.lines));
  body.append('idempotency_key', form.idempotencyKey);
  if (photo) body.append(COMPLAINT_PHOTO_FIELD, photo);
  const { data } = await apiRequest<{ complaint: CustomerComplaint }>(PATH, {
    method: 'POST',
    body,
    fallbackMessage: FAILED,
  });
  return data.complaint;
}
