/**
 * Complaints' rules, shared by the server and the islands: the reasons a customer gives, a
 * complaint's states, its clocks (acknowledged within 48 hours, resolved within 30 days:
 * Consumer Protection (E-Commerce) Rules 2020, rule 4(5)), the ticket number's form and the
 * messages the API and the forms show. docs/adr/0143-complaints.md.
 */
/** Why a customer complains, with the label the forms show (the schema's COMPLAINT_REASONS). */
export const COMPLAINT_REASON_LABELS = {
  damaged: 'Damaged',
  spoiled: 'Spoiled or not fresh',
  wrong_item: 'Wrong item',
  short_weight: 'Short weight',
  missing_item: 'Item missing',
  not_delivered: 'Not delivered',
  late_delivery: 'Late delivery',
  billing: 'Billing or payment',
  other: 'Something else',
} as const;
export type ComplaintReason = keyof typeof COMPLAINT_REASON_LABELS;
export const COMPLAINT_REASONS = Object.keys(COMPLAINT_REASON_LABELS) as [ComplaintReason, ...ComplaintReason[]];

/** The reasons the "Report a problem" form offers for a delivered order. */
export const ORDER_PROBLEM_REASONS: readonly ComplaintReason[] = [
  'damaged',
  'spoiled',
  'wrong_item',
  'short_weight',
  'missing_item',
  'late_delivery',
  'billing',
  'other',
];

/** The reasons that name items of the order: a complaint about an order with one of them lists its lines. */
export const LINE_REASONS: readonly ComplaintReason[] = [
  'damaged',
  'spoiled',
  'wrong_item',
  'short_weight',
  'missing_item',
];

/** A complaint's states, as the customer and the queue read them. */
export const COMPLAINT_STATUS_LABELS = {
  new: 'Received',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
} as const;
export type ComplaintStatus = keyof typeof COMPLAINT_STATUS_LABELS;

/** Hours within which a complaint is acknowledged. */
export const ACKNOWLEDGE_WITHIN_HOURS = 48;
/** Days within which a complaint is resolved. */
export const RESOLVE_WITHIN_DAYS = 30;

const HOUR_MS = 3_600_000;

/** When a complaint made at `createdAt` must be acknowledged and resolved by. */
export function complaintDueTimes(createdAt: Date): { acknowledgeBy: Date; resolveBy: Date } {
  return {
    acknowledgeBy: new Date(createdAt.getTime() + ACKNOWLEDGE_WITHIN_HOURS * HOUR_MS),
    resolveBy: new Date(createdAt.getTime() + RESOLVE_WITHIN_DAYS * 24 * HOUR_MS),
  };
}

/** What of a complaint decides whether it is overdue. */
export interface ComplaintClock {
  status: ComplaintStatus;
  acknowledgeBy: Date;
  resolveBy: Date;
}

/**
 * Which of a complaint's clocks has run out at `now`: acknowledgement (still new past
 * acknowledgeBy) or resolution (not resolved past resolveBy); null when neither.
 * @example overdueClock({ status: 'new', acknowledgeBy: yesterday, resolveBy: nextMonth }, now) // 'acknowledge'
 */
export function overdueClock(c: ComplaintClock, now: Date): 'acknowledge' | 'resolve' | null {
  if (c.status === 'resolved') return null;
  if (c.resolveBy.getTime() < now.getTime()) return 'resolve';
  if (c.status === 'new' && c.acknowledgeBy.getTime() < now.getTime()) return 'acknowledge';
  return null;
}

/**
 * Whether an order delivered at `deliveredAt` may still get a complaint at `now`, with a window
 * of `windowHours` hours.
 */
export function withinComplaintWindow(deliveredAt: Date, now: Date, windowHours: number): boolean {
  return now.getTime() <= deliveredAt.getTime() + windowHours * HOUR_MS;
}

/**
 * A ticket number from the complaint's id and the year it was made (Asia/Kolkata): C-YY-NNNNNN.
 * @example ticketNumber(42, new Date('2026-12-06T10:00:00Z')) // "C-26-000042"
 */
export function ticketNumber(id: number, at: Date): string {
  const year = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', year: '2-digit' }).format(at);
  return `C-${year}-${String(id).padStart(6, '0')}`;
}

/** The hours of a window in words, as the content pages write it: "24 hours", "2 days". */
export function windowText(hours: number): string {
  if (hours % 24 === 0 && hours > 24) return `${hours / 24} days`;
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

/** Longest description a customer may write, in characters. */
export const MAX_DESCRIPTION_CHARS = 2000;
/** Longest resolution or note staff may write, in characters. */
export const MAX_RESOLUTION_CHARS = 1000;

/** The messages the API answers and the forms show. */
export const COMPLAINT_MESSAGES = {
  created: 'Thank you. Your complaint is registered.',
  notDelivered: 'You can report a problem once the order is delivered.',
  windowClosed: (hours: number) =>
    `Problems with an order can be reported within ${windowText(hours)} of delivery. For anything else, use the grievance form.`,
  orderNotFound: 'Order not found.',
  complaintNotFound: 'Complaint not found.',
  photoNotFound: 'Photo not found.',
  lineNotInOrder: 'One of the items is not in this order.',
  tooMany: 'You can report at most as many as were ordered.',
  needLines: 'Choose the items that have a problem.',
  needDescription: 'Tell us what went wrong.',
  keyReused: 'This request was already used for another complaint. Reload the page and try again.',
  /** The complaint limits' first sentences; the 429 goes on to say when to try again (`saysWhen`). */
  throttled: 'Too many complaints in a short time. If it cannot wait, call us.',
  alreadyAcknowledged: 'This complaint is already acknowledged.',
  alreadyResolved: 'This complaint is already resolved.',
  needResolution: 'Say what the shop did to resolve it.',
} as const;

/** The multipart field that holds a complaint's photo. */
export const COMPLAINT_PHOTO_FIELD = 'photo';
