/**
 * An order's history as the back office reads it: its status changes (from the order's stamps),
 * then each packing change, rider assignment, refund and refund retry, in plain words with who and
 * when. Built at read time from the audit entries of the order (record type `order`, its id) and
 * its `payment_refunds` rows; entries hold ids, so people's names come from `staff` here (ADR 0118,
 * ADR 0120).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { OrderRow, OrderStatus } from '#features/orders/index.ts';
import { statusLabel } from '#features/orders/rules.ts';
import type { OrderRefund } from '#features/payments/index.ts';
import type { ReturnReason } from '#features/returns/rules.ts';
import type { Database } from '#lib/db/index.ts';
import { auditLog, type orderItems, staff } from '#lib/db/schema.ts';
import { formatPaise } from '#lib/money.ts';
import { DOOR_REASON_LABELS } from '../door-contract.ts';
import { orderedAmount } from './packing.ts';

/** What an entry of the history is about. */
type HistoryKind = 'status' | 'picked' | 'substituted' | 'rider' | 'refund' | 'refund_retried' | 'door';

/** One entry of an order's history: what happened (in words), when, and who did it. */
export interface HistoryEntry {
  kind: HistoryKind;
  /** The status reached (kind `status` only). */
  status: OrderStatus | null;
  text: string;
  at: Date;
  by: string;
}

/** An audit entry of the order, with the acting member's name of today. */
interface OrderAudit {
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  staffName: string;
  at: Date;
}

/** The audit entries of order `orderId`, oldest first, naming the member from `staff` (ADR 0118). */
export function orderAudits(db: Database, orderId: number): Promise<OrderAudit[]> {
  return db
    .select({
      action: auditLog.action,
      before: auditLog.before,
      after: auditLog.after,
      staffName: sql<string>`coalesce(${staff.name}, ${auditLog.staffName}, 'Unknown')`,
      at: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .where(and(eq(auditLog.recordType, 'order'), eq(auditLog.recordId, String(orderId))))
    .orderBy(asc(auditLog.id));
}

/** The names of the riders the order's rider entries name (`after.rider_id`), by id. */
export async function riderNames(db: Database, audits: OrderAudit[]): Promise<Map<number, string>> {
  const ids = [
    ...new Set(
      audits
        .filter((a) => a.action === 'order.rider_assigned')
        .map((a) => a.after?.rider_id)
        .filter((id): id is number => typeof id === 'number'),
    ),
  ];
  if (!ids.length) return new Map();
  const rows = await db.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Why a refund went out, as staff read it. */
const REFUND_REASON_TEXT: Record<OrderRefund['reason'], string> = {
  cancel: 'cancellation',
  packing: 'packing',
  late_payment: 'late payment',
  return: 'return or refund',
};

/** "Refund ₹24.00 sent (packing)", by the refund's state. */
function refundText(r: OrderRefund): string {
  const what = `Refund ${formatPaise(r.amountPaise)}`;
  const why = REFUND_REASON_TEXT[r.reason];
  if (r.status === 'failed') return `${what} failed (${why})${r.failureReason ? `: ${r.failureReason}` : ''}`;
  if (r.status === 'pending' || r.status === 'processed') return `${what} sent (${why})`;
  return `${what} to send (${why})`;
}

/** A number from an audit entry's values, or null. */
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
/** A text from an audit entry's values, or null. */
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** The order's history (module comment), oldest first; entries of one moment keep the order they happened in. */
export function buildHistory(
  row: OrderRow,
  lines: (typeof orderItems.$inferSelect)[],
  audits: OrderAudit[],
  refunds: OrderRefund[],
  riders: Map<number, string>,
): HistoryEntry[] {
  // The rider's outcome at the door moves the order to delivered or undelivered.
  const statusBy = (status: OrderStatus, otherwise: string) =>
    audits.findLast(
      (a) =>
        a.action === `order.${status}` ||
        ((status === 'delivered' || status === 'undelivered') && a.action === 'order.delivery_outcome'),
    )?.staffName ?? otherwise;
  // An online order not paid (shown to staff for its payment problem) started awaiting its payment,
  // and its release is stamped as a cancellation is.
  const unpaid = row.status === 'pending_payment' || row.status === 'payment_failed';
  const first: OrderStatus = unpaid ? 'pending_payment' : 'placed';
  const history: HistoryEntry[] = [
    { kind: 'status', status: first, text: statusLabel(first), at: row.createdAt, by: 'Customer' },
  ];
  const stamps: [OrderStatus, Date | null][] = [
    ['processed', row.processedAt],
    ['out_for_delivery', row.outForDeliveryAt],
    ['delivered', row.deliveredAt],
    ['undelivered', row.undeliveredAt],
    [row.status === 'payment_failed' ? 'payment_failed' : 'cancelled', row.cancelledAt],
  ];
  for (const [status, at] of stamps) {
    if (at)
      history.push({
        kind: 'status',
        status,
        text: statusLabel(status),
        at,
        by: statusBy(status, status === 'cancelled' && !row.cancelReason ? 'Customer' : 'Shop'),
      });
  }

  for (const a of audits) {
    const entry = auditEntry(a, lines, riders);
    if (entry) history.push(entry);
  }

  for (const r of refunds) {
    // A refund is written in the transaction of the change that owes it, so it carries that
    // change's audit time (both are the transaction's now()); the member of that entry sent it.
    const cause = audits.find(
      (a) =>
        a.at.getTime() === r.createdAt.getTime() &&
        [
          'order.line_picked',
          'order.line_substituted',
          'order.cancelled',
          'order.return_recorded',
          'order.refund_recorded',
        ].includes(a.action),
    );
    const by = cause?.staffName ?? (r.reason === 'cancel' ? 'Customer' : 'Shop');
    history.push({ kind: 'refund', status: null, text: refundText(r), at: r.createdAt, by });
  }

  // A stable sort: a pick and the refund it owes (one moment) stay in that order.
  return history.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** One audit entry of the order in words, or null for an entry the history does not show. */
function auditEntry(
  a: OrderAudit,
  lines: (typeof orderItems.$inferSelect)[],
  riders: Map<number, string>,
): HistoryEntry | null {
  const base = { status: null, at: a.at, by: a.staffName };
  switch (a.action) {
    case 'order.line_picked': {
      // A picked line is never substituted afterwards (packing.ts), so the line names its product and pack still.
      const line = lines.find((l) => l.id === num(a.after?.line_id));
      const unit = str(a.after?.unit) ?? 'packs';
      const name = line?.productName ?? 'an item';
      const ordered = line ? ` (ordered ${orderedAmount(line)} ${unit})` : '';
      return { ...base, kind: 'picked', text: `Picked ${num(a.after?.picked) ?? 0} ${unit} of ${name}${ordered}` };
    }
    case 'order.line_substituted':
      return {
        ...base,
        kind: 'substituted',
        text: `Substituted ${str(a.before?.name) ?? 'an item'} with ${str(a.after?.name) ?? 'another product'}`,
      };
    case 'order.rider_assigned': {
      const id = num(a.after?.rider_id);
      return {
        ...base,
        kind: 'rider',
        text: id === null ? 'Rider removed' : `Rider assigned: ${riders.get(id) ?? `rider #${id}`}`,
      };
    }
    case 'order.refund_retried': {
      const amount = num(a.after?.amount_paise);
      return {
        ...base,
        kind: 'refund_retried',
        text: `Refund${amount === null ? '' : ` ${formatPaise(amount)}`} retried`,
      };
    }
    case 'order.return_recorded':
    case 'order.refund_recorded': {
      // A return or refund after delivery (the returns feature): its lines, money and credit note.
      const taken = Array.isArray(a.after?.lines) ? (a.after.lines as { line_id?: unknown; qty?: unknown }[]) : [];
      const what = taken
        .map((t) => `${num(t.qty) ?? 0} × ${lines.find((l) => l.id === num(t.line_id))?.productName ?? 'an item'}`)
        .join(', ');
      const note = str(a.after?.credit_note);
      const verb = a.action === 'order.return_recorded' ? 'Returned' : 'Refunded';
      return {
        ...base,
        kind: 'refund',
        text: `${verb} ${what}: ${formatPaise(num(a.after?.refund_paise) ?? 0)} back${note ? `, credit note ${note}` : ''}`,
      };
    }
    case 'order.delivery_outcome':
      return { ...base, kind: 'door', text: doorText(a.after ?? {}, lines) };
    case 'order.delivery_outcome_undone':
      return { ...base, kind: 'door', text: `Outcome at the door undone: ${str(a.after?.reason) ?? 'no reason'}` };
    case 'order.rescheduled':
      return {
        ...base,
        kind: 'door',
        text: `Rescheduled to ${str(a.after?.slot_id)?.replace('T', ' ') ?? 'a new slot'}`,
      };
    default:
      return null;
  }
}

const OUTCOME_WORDS: Record<string, string> = {
  delivered: 'Delivered',
  partly_delivered: 'Delivered in part',
  not_at_home: 'Not at home',
  refused: 'Refused',
};

/** The rider's outcome in words, e.g. "At the door: Delivered in part — handed back 1 Tomato; collected ₹45.00 cash of ₹50.00 due". */
function doorText(after: Record<string, unknown>, lines: (typeof orderItems.$inferSelect)[]): string {
  const parts = [`At the door: ${OUTCOME_WORDS[str(after.outcome) ?? ''] ?? 'Recorded'}`];
  const back = Array.isArray(after.hand_back) ? (after.hand_back as Record<string, unknown>[]) : [];
  if (back.length)
    parts.push(
      `handed back ${back
        .map((h) => {
          const reason = str(h.reason);
          const why = reason && reason in DOOR_REASON_LABELS ? DOOR_REASON_LABELS[reason as ReturnReason] : null;
          return `${num(h.qty) ?? 0} ${lines.find((l) => l.id === num(h.line_id))?.productName ?? 'item'}${why ? ` (${why.toLowerCase()})` : ''}`;
        })
        .join(', ')}`,
    );
  const collected = num(after.collected_paise);
  const due = num(after.amount_due_paise);
  if (collected !== null)
    parts.push(
      `collected ${formatPaise(collected)}${after.collected_method === 'upi_qr' ? ' by UPI QR' : after.collected_method === 'card' ? ' by card' : ' cash'}${due !== null && due !== collected && after.collected_method !== 'upi_qr' ? ` of ${formatPaise(due)} due` : ''}`,
    );
  const note = str(after.note);
  return `${parts.join(' — ')}${note ? ` (“${note}”)` : ''}`;
}
