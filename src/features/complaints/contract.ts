/**
 * The complaints feature's route declarations, shared by the server (routes.ts), the islands
 * (types only) and the OpenAPI document: a customer's complaints (make one, list them, see its
 * photo) and the back office's queue (list, acknowledge, resolve, see the photo). Zod only.
 */
import { z } from 'zod';
import { MAX_PHOTO_BYTES, MEDIA_MESSAGES } from '#features/media/rules.ts';
import { defineAdminRoute, defineRoute, positiveId } from '#lib/http/contract.ts';
import {
  COMPLAINT_MESSAGES,
  COMPLAINT_PHOTO_FIELD,
  COMPLAINT_REASONS,
  LINE_REASONS,
  MAX_DESCRIPTION_CHARS,
  MAX_RESOLUTION_CHARS,
} from './rules.ts';

/** Room for the multipart framing and the text fields around the photo, in bytes. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** One complained-about line as the API takes it: the order line's id and how many. */
export const complaintLineSchema = z.object({
  line_id: positiveId('Invalid item.'),
  qty: z.coerce.number({ error: 'Invalid quantity.' }).int('Invalid quantity.').min(1, 'Invalid quantity.').max(999),
});

/** Text the customer or staff write: trimmed, blank as absent. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .optional()
    .transform((v) => v || undefined);

/**
 * The fields of a new complaint (JSON, or multipart beside the photo, where `lines` is JSON text):
 * about an order (`order_id` with its `lines`) or not (a grievance: a description is required).
 */
export const newComplaintSchema = z
  .object({
    order_id: positiveId('Invalid order id.').optional(),
    reason: z.enum(COMPLAINT_REASONS, { error: 'Choose a reason.' }),
    description: optionalText(MAX_DESCRIPTION_CHARS),
    lines: z
      .preprocess((v) => {
        if (typeof v !== 'string') return v;
        if (!v.trim()) return undefined;
        try {
          return JSON.parse(v);
        } catch {
          return v;
        }
      }, z.array(complaintLineSchema, { error: 'Invalid items.' }).max(100).optional())
      .optional(),
    idempotency_key: z.string().trim().min(8, 'Invalid idempotency key.').max(100, 'Invalid idempotency key.'),
  })
  .superRefine((v, ctx) => {
    if (v.order_id === undefined && !v.description)
      ctx.addIssue({ code: 'custom', path: ['description'], message: COMPLAINT_MESSAGES.needDescription });
    if (v.order_id !== undefined && !v.lines?.length && LINE_REASONS.includes(v.reason))
      ctx.addIssue({ code: 'custom', path: ['lines'], message: COMPLAINT_MESSAGES.needLines });
  });
export type NewComplaint = z.output<typeof newComplaintSchema>;

/** What staff write when resolving: what the shop did, as the customer reads it. */
export const resolveSchema = z.object({
  resolution: z
    .string({ error: COMPLAINT_MESSAGES.needResolution })
    .trim()
    .min(1, COMPLAINT_MESSAGES.needResolution)
    .max(MAX_RESOLUTION_CHARS, `At most ${MAX_RESOLUTION_CHARS} characters.`),
});

const complaintLineOut = z.object({
  line_id: z.number(),
  product: z.string(),
  qty: z.number(),
});

/** A complaint as its customer reads it. */
export const customerComplaintSchema = z.object({
  id: z.number(),
  ticket_number: z.string(),
  order_id: z.number().nullable(),
  reason: z.enum(COMPLAINT_REASONS),
  description: z.string().nullable(),
  lines: z.array(complaintLineOut),
  /** Where the customer sees the photo (private); null when none or deleted. */
  photo_url: z.string().nullable(),
  status: z.enum(['new', 'acknowledged', 'resolved']),
  resolution: z.string().nullable(),
  created_at: z.string(),
  acknowledged_at: z.string().nullable(),
  resolved_at: z.string().nullable(),
  acknowledge_by: z.string(),
  resolve_by: z.string(),
  /** Returns and refunds staff recorded against this complaint (the returns form's complaint_id), oldest first. */
  refunds: z.array(
    z.object({
      kind: z.enum(['return', 'refund']),
      amount: z.string().describe('What went back, in rupees (e.g. "45.00")'),
      credit_note: z.string().nullable().describe('The credit note’s number; null for an order without an invoice'),
      created_at: z.string(),
    }),
  ),
});
export type CustomerComplaint = z.output<typeof customerComplaintSchema>;

/** A complaint in the back office's queue. */
export const staffComplaintSchema = customerComplaintSchema.extend({
  customer: z.object({ id: z.number(), name: z.string().nullable(), phone: z.string().nullable() }),
  /** Which clock has run out: acknowledge or resolve; null when none. */
  overdue: z.enum(['acknowledge', 'resolve']).nullable(),
  acknowledged_by: z.string().nullable(),
  resolved_by: z.string().nullable(),
});
export type StaffComplaint = z.output<typeof staffComplaintSchema>;

/** POST /api/customer/complaints: makes a complaint, with or without a photo. */
export const createComplaintRoute = defineRoute({
  method: 'POST',
  path: '/api/customer/complaints',
  summary: 'Report a problem with a delivered order, or make a grievance not about one order',
  description:
    "JSON, or multipart/form-data with an optional `photo` (JPEG, PNG or WebP up to 10 MB; stored privately as WebP without its EXIF). Fields: `order_id` (optional; the order must be the customer's and delivered within COMPLAINT_WINDOW_HOURS, else 422), `reason` (damaged, spoiled, wrong_item, short_weight, missing_item, not_delivered, late_delivery, billing, other), `description`, `lines` ([{line_id, qty}], JSON text in multipart), `idempotency_key` (the same key returns the same complaint with 200; a new complaint is 201). Answers the complaint with its ticket number; an SMS with the ticket number is queued. Throttled per customer and per client IP (429 with Retry-After, its message saying the same wait).",
  auth: 'customer',
  fileField: COMPLAINT_PHOTO_FIELD,
  fileFormFields: newComplaintSchema,
  fileOptional: true,
  maxBodyBytes: MAX_PHOTO_BYTES + MULTIPART_OVERHEAD_BYTES,
  tooLargeMessage: MEDIA_MESSAGES.tooLarge,
  response: z.object({ complaint: customerComplaintSchema }),
});

/** GET /api/customer/complaints: the customer's complaints, newest first. */
export const listComplaintsRoute = defineRoute({
  method: 'GET',
  path: '/api/customer/complaints',
  summary: "The customer's complaints and their states, newest first",
  auth: 'customer',
  query: z.object({ order_id: positiveId('Invalid order id.').optional() }),
  response: z.object({ complaints: z.array(customerComplaintSchema) }),
});

/** GET /api/customer/complaints/{id}/photo: the complaint's photo, to its customer only. */
export const customerPhotoRoute = defineRoute({
  method: 'GET',
  path: '/api/customer/complaints/{id}/photo',
  summary: "A complaint's photo (WebP), to the customer who made it",
  description:
    "Private: Cache-Control: private, no-store. 401 signed out; 404 for another customer's complaint or when there is no photo (or it was deleted after its retention period).",
  auth: 'customer',
  params: z.object({ id: positiveId('Invalid complaint id.') }),
  response: z.never(),
  produces: 'image/webp',
});

/** GET /api/admin/complaints: the complaint queue. */
export const adminComplaintsRoute = defineAdminRoute({
  method: 'GET',
  path: '/api/admin/complaints',
  summary: 'The complaint queue: new, acknowledged or resolved, oldest due first, overdue ones marked',
  permission: 'complaints.manage',
  query: z.object({ status: z.enum(['open', 'new', 'acknowledged', 'resolved', 'all']).default('open') }),
  response: z.object({
    complaints: z.array(staffComplaintSchema),
    counts: z.object({ new: z.number(), acknowledged: z.number(), resolved: z.number(), overdue: z.number() }),
  }),
});

/** POST /api/admin/complaints/{id}/acknowledge */
export const acknowledgeComplaintRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/complaints/{id}/acknowledge',
  summary: 'Acknowledge a new complaint (audited)',
  description: '409 when it is already acknowledged or resolved. Audited as `complaint.acknowledged`.',
  permission: 'complaints.manage',
  params: z.object({ id: positiveId('Invalid complaint id.') }),
  response: z.object({ complaint: staffComplaintSchema }),
});

/** POST /api/admin/complaints/{id}/resolve */
export const resolveComplaintRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/complaints/{id}/resolve',
  summary: 'Resolve a complaint with what the shop did (audited)',
  description:
    "Body `resolution` (required): what the customer reads. A refund is recorded on the order's page (`/admin/orders/{order}?complaint={id}`), whose returns form takes the complaint id. A new complaint is acknowledged at the same time. 409 when already resolved. Audited as `complaint.resolved`.",
  permission: 'complaints.manage',
  params: z.object({ id: positiveId('Invalid complaint id.') }),
  body: resolveSchema,
  response: z.object({ complaint: staffComplaintSchema }),
});

/** GET /api/admin/complaints/{id}/photo */
export const adminPhotoRoute = defineAdminRoute({
  method: 'GET',
  path: '/api/admin/complaints/{id}/photo',
  summary: "A complaint's photo (WebP), to staff who manage complaints",
  description: 'Private: Cache-Control: private, no-store. 404 when there is no photo.',
  permission: 'complaints.manage',
  params: z.object({ id: positiveId('Invalid complaint id.') }),
  response: z.never(),
  produces: 'image/webp',
});

export const complaintContracts = [
  createComplaintRoute,
  listComplaintsRoute,
  customerPhotoRoute,
  adminComplaintsRoute,
  acknowledgeComplaintRoute,
  resolveComplaintRoute,
  adminPhotoRoute,
] as const;
