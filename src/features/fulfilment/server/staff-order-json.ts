/** JSON of the back office's order answers (contract.ts boardRoute, staffOrderSchema); money as 2-decimal strings. */

import { upiQrAvailable } from '#features/payments/index.ts';
import { paiseToRupees } from '#lib/money.ts';
import { dueOnDelivery } from '../rules.ts';
import type { Board, BoardOrder, BoardSlot } from './order-board.ts';
import { orderedAmount } from './packing.ts';
import type { StaffOrder } from './staff-orders.ts';

const rupees = (paise: number) => paiseToRupees(paise).toFixed(2);

/** An order as the board lists it. */
export const boardOrderJson = (o: BoardOrder) => ({
  id: o.id,
  status: o.status,
  payment_mode: o.paymentMode,
  payment_status: o.paymentStatus,
  paid_amount: rupees(o.paidAmountPaise),
  customer_name: o.customerName,
  customer_mobile: o.customerPhone,
  zone: o.zoneId,
  slot_id: o.slotId,
  slot_label: o.slotLabel,
  items: o.itemCount,
  rider: o.riderName,
  created_at: o.createdAt.toISOString(),
  paid_online: o.paymentMode === 'Online' && o.paymentStatus === 'paid',
  payment_problem: Boolean(o.paymentProblem),
  refund_failed: Boolean(o.refundFailed),
});

const boardSlotJson = (s: BoardSlot) => ({
  zone_id: s.zoneId,
  zone: s.zoneName,
  slot_id: s.slotId,
  window: s.window,
  capacity: s.capacity,
  used: s.used,
  left: s.left,
  counts: s.counts,
  matching: s.matching,
  orders: s.orders.map(boardOrderJson),
});

/** The board with its version. */
export const boardJson = (b: Board, version: string) => ({
  today: b.today,
  last_bookable: b.lastBookable,
  version,
  days: b.days.map((d) => ({ date: d.date, label: d.label, slots: d.slots.map(boardSlotJson) })),
  results: b.results?.map(boardOrderJson) ?? null,
});

/** "500 g", "1 kg", or null. */
const pack = (weight: number | null, unit: string | null) => (weight ? `${weight} ${unit ?? ''}`.trim() : null);

/** An order for staff, with the riders a member who may assign can choose from. */
export const staffOrderJson = (o: StaffOrder, riders: { id: number; name: string }[]) => ({
  id: o.id,
  status: o.status,
  payment_mode: o.paymentMode,
  payment_status: o.paymentStatus,
  subtotal: rupees(o.subtotalPaise),
  discount: rupees(o.discountPaise),
  points_redeemed: o.pointsRedeemed,
  delivery_fee: rupees(o.deliveryFeePaise),
  paid_amount: rupees(o.paidAmountPaise),
  amount_due: rupees(dueOnDelivery(o)),
  promo_code: o.promoCode,
  payment_reference: o.paymentReference,
  upi_qr_available: (o.paymentMode === 'Cash' || o.paymentMode === 'Card') && upiQrAvailable(),
  payment:
    o.paymentMode === 'Online'
      ? {
          gateway: o.gatewayName,
          gateway_order_id: o.gatewayOrderId,
          payment_id: o.paymentReference,
          problem: o.paymentProblem,
          gateway_state: o.gatewayState,
          gateway_payments: o.gatewayPayments,
        }
      : null,
  refunds: o.refunds.map((r) => ({
    id: r.id,
    reason: r.reason,
    amount_paise: r.amountPaise,
    status: r.status,
    failure_reason: r.failureReason,
    gateway_refund_id: r.gatewayRefundId,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  })),
  customer_note: o.customerNote,
  cancel_reason: o.cancelReason,
  customer: { id: o.customer.id, name: o.customer.name, mobile: o.customer.phone },
  address: o.address,
  map_url: o.mapUrl,
  delivery_slot: o.slot,
  rider: o.rider,
  lines: o.lines.map((l) => ({
    id: l.id,
    product_id: l.productId,
    name: l.name,
    qty: l.qty,
    unit_price: rupees(l.unitPricePaise),
    total_amount: rupees(l.totalAmountPaise),
    pack: pack(l.weight, l.weightUnit),
    substitution: l.substitution,
    ordered: orderedAmount(l),
    measure: l.weight && l.weightUnit ? l.weightUnit : 'packs',
    picked: l.pickedAmount,
    substituted_for: l.substitutedFor,
    ordered_total: l.orderedTotalPaise === null ? null : rupees(l.orderedTotalPaise),
    handed_back: l.handedBack,
  })),
  history: o.history.map((h) => ({ kind: h.kind, status: h.status, text: h.text, at: h.at.toISOString(), by: h.by })),
  riders,
  outcome: o.outcome
    ? {
        outcome: o.outcome.outcome,
        note: o.outcome.note,
        rider: o.outcome.riderName,
        amount_due: rupees(o.outcome.amountDuePaise),
        collected: o.outcome.collectedPaise === null ? null : rupees(o.outcome.collectedPaise),
        collected_method: o.outcome.collectedMethod,
        short:
          o.outcome.collectedPaise !== null && o.outcome.collectedMethod !== 'upi_qr'
            ? rupees(o.outcome.amountDuePaise - o.outcome.collectedPaise)
            : null,
        undoable: o.outcome.undoable,
        at: o.outcome.createdAt.toISOString(),
      }
    : null,
  reschedule_slots: o.rescheduleSlots,
});
