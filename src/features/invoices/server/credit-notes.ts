/**
 * GST credit notes (CGST Act s.34, CGST Rule 53): every reduction of an order after its invoice —
 * a packing adjustment, a cancellation after confirmation, a return or refund after delivery, a
 * hand-back, a price correction — gets one, inside the transaction that makes the reduction.
 * Numbered in their own series per financial year (credit_note_counters, bumped with one upsert
 * as invoice numbers are: consecutive and gap-free across parallel issues and server processes),
 * naming the original invoice's number and date, with each line's taxable value and tax at its
 * rate as on the invoice (CGST + SGST, or IGST). Money in paise. docs/adr/0142-credit-notes.md.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { getConfig } from '#lib/config.ts';
import type { Database, Transaction } from '#lib/db/index.ts';
import {
  type CREDIT_NOTE_REASONS,
  type CreditNoteLine,
  creditNoteCounters,
  creditNotes,
  customers,
  orderAdjustments,
  orderItems,
  orders,
} from '#lib/db/schema.ts';
import { notFound } from '#lib/http/envelope.ts';
import { creditTax, financialYear, formatCreditNoteNumber } from '../rules.ts';
import { type InvoiceData, orderTaxLines, partiesOf } from './invoice.ts';

/** Why a credit note is issued: the kind of the reduction. */
export type CreditNoteReason = (typeof CREDIT_NOTE_REASONS)[number];

/** What issueCreditNote credits. */
export interface CreditNoteRequest {
  orderId: number;
  reason: CreditNoteReason;
  /** The order_adjustments rows it covers; [] with reason 'cancellation' credits the whole invoice. */
  adjustmentIds: number[];
  note?: string | null;
}

/** An issued credit note: its id and number, e.g. { id: 3, number: 'FFC/26-27/000003' }. */
export interface IssuedCreditNote {
  id: number;
  number: string;
}

/** Takes the next number of the financial year of `now` (the counter row stays locked until `tx` ends). */
async function nextCreditNoteNumber(tx: Transaction, now: Date): Promise<{ number: string; fy: string }> {
  const fy = financialYear(now);
  const [counter] = await tx
    .insert(creditNoteCounters)
    .values({ financialYear: fy, lastNumber: 1 })
    .onConflictDoUpdate({
      target: creditNoteCounters.financialYear,
      set: { lastNumber: sql`${creditNoteCounters.lastNumber} + 1` },
    })
    .returning({ n: creditNoteCounters.lastNumber });
  return { number: formatCreditNoteNumber(getConfig().INVOICE_PREFIX, fy, counter!.n), fy };
}

/** The measure a door hand-back or a packing pick counts in: the weight unit ("kg"), else packs. */
const unitOf = (weight: number | null, unit: string | null) => (weight && unit ? unit : 'packs');

/** A pack as the invoice names it: its weight ("500 g"), else a piece ("pc"). */
const packOf = (weight: number | null, unit: string | null) => (weight && unit ? `${Number(weight)} ${unit}` : 'pc');

/**
 * What a credit line counts and in which unit, as the invoice would: returns and refunds count packs
 * ("1" of "500 g"); a hand-back counts the line's measure ("0.5" "kg"); a lighter pick counts what
 * was not picked ("0.15" "kg"); a substitute credits the line's packs.
 */
function measureOf(
  kind: string,
  qty: number | null,
  item: typeof orderItems.$inferSelect | null,
): { qty: number | null; unit: string | null } {
  if (!item) return { qty: null, unit: null };
  if (kind === 'packing') {
    if (item.substitutedFor) return { qty: item.qty, unit: packOf(item.weight, item.weightUnit) };
    if (item.pickedAmount === null) return { qty: null, unit: null };
    const ordered = item.weight ? item.qty * item.weight : item.qty;
    const short = Math.round((ordered - Number(item.pickedAmount)) * 1000) / 1000;
    return short > 0 ? { qty: short, unit: unitOf(item.weight, item.weightUnit) } : { qty: null, unit: null };
  }
  if (qty === null) return { qty: null, unit: null };
  if (kind === 'hand_back') return { qty, unit: unitOf(item.weight, item.weightUnit) };
  return { qty, unit: packOf(item.weight, item.weightUnit) };
}

/** The whole invoice as it stands now (what no earlier credit note took), one line per taxed line. */
async function wholeInvoiceLines(
  tx: Transaction,
  order: typeof orders.$inferSelect,
  interState: boolean,
): Promise<CreditNoteLine[]> {
  const { goods, delivery, items } = await orderTaxLines(tx, order, interState, 'now');
  const lines: CreditNoteLine[] = goods.map((l, i) => ({
    orderItemId: items[i]!.id,
    description: l.description,
    hsnCode: l.hsn,
    qty: l.qty,
    unit: l.unit,
    taxPercent: l.taxPercent,
    taxablePaise: l.taxablePaise,
    cgstPaise: l.cgstPaise,
    sgstPaise: l.sgstPaise,
    igstPaise: l.igstPaise,
    totalPaise: l.netPaise,
  }));
  if (delivery)
    lines.push({
      orderItemId: null,
      description: delivery.description,
      hsnCode: delivery.hsn,
      qty: null,
      unit: null,
      taxPercent: delivery.taxPercent,
      taxablePaise: delivery.taxablePaise,
      cgstPaise: delivery.cgstPaise,
      sgstPaise: delivery.sgstPaise,
      igstPaise: delivery.igstPaise,
      totalPaise: delivery.netPaise,
    });
  return lines.filter((l) => l.totalPaise > 0);
}

/** What a credit note line names: the product, and for packing what changed. */
function lineDescription(kind: string, item: typeof orderItems.$inferSelect | null): string {
  if (!item) return 'Order line';
  if (kind === 'packing' && item.substitutedFor) return `${item.substitutedFor} (substituted with ${item.productName})`;
  if (kind === 'packing' && item.pickedAmount !== null)
    return `${item.productName} (picked ${item.pickedAmount} ${unitOf(item.weight, item.weightUnit)})`;
  return item.productName;
}

/** One line per adjustment not yet on a credit note: what it took off, taxed at its line's rate. */
async function adjustmentLines(
  tx: Transaction,
  orderId: number,
  adjustmentIds: number[],
  interState: boolean,
): Promise<{ ids: number[]; lines: CreditNoteLine[] }> {
  if (!adjustmentIds.length) return { ids: [], lines: [] };
  const rows = await tx
    .select({ adjustment: orderAdjustments, item: orderItems })
    .from(orderAdjustments)
    .leftJoin(orderItems, eq(orderItems.id, orderAdjustments.orderItemId))
    .where(
      and(
        eq(orderAdjustments.orderId, orderId),
        inArray(orderAdjustments.id, adjustmentIds),
        isNull(orderAdjustments.creditNoteId),
      ),
    )
    .orderBy(asc(orderAdjustments.id));
  const lines = rows
    .filter((r) => r.adjustment.amountPaise > 0)
    .map(({ adjustment: a, item }): CreditNoteLine => {
      const taxPercent = item ? Number(item.taxPercent) : 0;
      return {
        orderItemId: a.orderItemId,
        description: lineDescription(a.kind, item),
        hsnCode: item?.hsnCode ?? null,
        ...measureOf(a.kind, a.qty === null ? null : Number(a.qty), item),
        taxPercent,
        ...creditTax(a.amountPaise, taxPercent, interState),
        totalPaise: a.amountPaise,
      };
    });
  return { ids: rows.map((r) => r.adjustment.id), lines };
}

/**
 * Issues one credit note for a reduction of order `orderId`, inside `tx` (the transaction that
 * makes the reduction, which holds the order row locked): reads the adjustment rows named (or,
 * for 'cancellation' with none named, the whole invoice as it stands), writes the note and sets
 * the rows' credit_note_id. Rows already on a note are skipped, and a second cancellation note is
 * the first one, so a retried call issues nothing twice. Returns null when the order has no
 * invoice number (nothing to credit against) or nothing is left to credit.
 */
export async function issueCreditNote(
  tx: Transaction,
  request: CreditNoteRequest,
  now = new Date(),
): Promise<IssuedCreditNote | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, request.orderId));
  if (!order?.invoiceNumber || !order.invoiceDate) return null;
  const wholeInvoice = request.reason === 'cancellation' && request.adjustmentIds.length === 0;
  if (wholeInvoice) {
    const [existing] = await tx
      .select({ id: creditNotes.id, number: creditNotes.number })
      .from(creditNotes)
      .where(and(eq(creditNotes.orderId, order.id), eq(creditNotes.reason, 'cancellation')));
    if (existing) return existing;
  }
  const { interState } = partiesOf(order, { name: null, phone: null });
  const { ids, lines } = wholeInvoice
    ? { ids: [], lines: await wholeInvoiceLines(tx, order, interState) }
    : await adjustmentLines(tx, order.id, request.adjustmentIds, interState);
  const sum = (k: 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'totalPaise') =>
    lines.reduce((a, l) => a + l[k], 0);
  if (sum('totalPaise') <= 0) return null;
  const { number, fy } = await nextCreditNoteNumber(tx, now);
  const [note] = await tx
    .insert(creditNotes)
    .values({
      number,
      financialYear: fy,
      orderId: order.id,
      invoiceNumber: order.invoiceNumber,
      invoiceDate: order.invoiceDate,
      reason: request.reason,
      note: request.note?.trim() || null,
      lines,
      taxablePaise: sum('taxablePaise'),
      cgstPaise: sum('cgstPaise'),
      sgstPaise: sum('sgstPaise'),
      igstPaise: sum('igstPaise'),
      totalPaise: sum('totalPaise'),
      createdAt: now,
    })
    .returning({ id: creditNotes.id, number: creditNotes.number });
  if (ids.length)
    await tx.update(orderAdjustments).set({ creditNoteId: note!.id }).where(inArray(orderAdjustments.id, ids));
  return note!;
}

/** A credit note as the order pages list it. */
export interface CreditNoteSummary {
  id: number;
  number: string;
  date: Date;
  reason: CreditNoteReason;
  totalPaise: number;
}

/** The credit notes of the orders `orderIds` (oldest first), by order; scope the orders before calling. */
export async function creditNotesFor(
  db: Database | Transaction,
  orderIds: number[],
): Promise<Map<number, CreditNoteSummary[]>> {
  const map = new Map<number, CreditNoteSummary[]>();
  if (!orderIds.length) return map;
  const rows = await db
    .select({
      id: creditNotes.id,
      orderId: creditNotes.orderId,
      number: creditNotes.number,
      date: creditNotes.createdAt,
      reason: creditNotes.reason,
      totalPaise: creditNotes.totalPaise,
    })
    .from(creditNotes)
    .where(inArray(creditNotes.orderId, orderIds))
    .orderBy(asc(creditNotes.id));
  for (const { orderId, ...r } of rows) map.set(orderId, [...(map.get(orderId) ?? []), r]);
  return map;
}

/** Everything a credit note's PDF prints. */
export interface CreditNoteData
  extends Pick<InvoiceData, 'supplier' | 'recipient' | 'placeOfSupply' | 'interState' | 'orderId'> {
  number: string;
  date: Date;
  invoiceNumber: string;
  invoiceDate: Date;
  reason: CreditNoteReason;
  note: string | null;
  lines: CreditNoteLine[];
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/**
 * Credit note `creditNoteId` of order `orderId`, for its PDF: the customer's own (customerId
 * given) or any (staff). Errors: 404 no such note on that order, or not the customer's.
 */
export async function loadCreditNote(
  db: Database,
  orderId: number,
  creditNoteId: number,
  customerId: number | null,
): Promise<CreditNoteData> {
  const [row] = await db
    .select({ note: creditNotes, order: orders, customerName: customers.name, customerPhone: customers.phone })
    .from(creditNotes)
    .innerJoin(orders, eq(orders.id, creditNotes.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(
      and(
        eq(creditNotes.id, creditNoteId),
        eq(creditNotes.orderId, orderId),
        customerId === null ? undefined : eq(orders.customerId, customerId),
      ),
    );
  if (!row) throw notFound('Credit note not found.');
  const n = row.note;
  const parties = partiesOf(row.order, { name: row.customerName, phone: row.customerPhone });
  return {
    ...parties,
    // The note's own tax split, as issued (the address could not move a supply made).
    interState: n.igstPaise > 0 || (n.cgstPaise === 0 && n.sgstPaise === 0 && parties.interState),
    orderId,
    number: n.number,
    date: n.createdAt,
    invoiceNumber: n.invoiceNumber,
    invoiceDate: n.invoiceDate,
    reason: n.reason,
    note: n.note,
    lines: n.lines,
    taxablePaise: n.taxablePaise,
    cgstPaise: n.cgstPaise,
    sgstPaise: n.sgstPaise,
    igstPaise: n.igstPaise,
    totalPaise: n.totalPaise,
  };
}

/**
 * The orders feature's cancellation hook (onInvoicedOrderCancelled, src/server/wiring.ts): a
 * credit note for the whole invoice, with the cancellation's reason as its note.
 */
export async function creditCancelledInvoice(
  tx: Transaction,
  orderId: number,
  now: Date,
  reason: string | null,
): Promise<void> {
  await issueCreditNote(tx, { orderId, reason: 'cancellation', adjustmentIds: [], note: reason }, now);
}
