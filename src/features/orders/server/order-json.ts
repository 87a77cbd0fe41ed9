/**
 * JSON of orders (contract.ts orderJsonSchema), money as 2-decimal strings, as the storefront's
 * clients read it.
 */

import { paiseToRupees } from '#lib/money.ts';
import { creditNoteHref, invoiceHref } from '../contract.ts';
import { refundParts } from '../refund.ts';
import type { Order } from './queries.ts';

const rupees = (paise: number) => paiseToRupees(paise).toFixed(2);

export function orderJson(o: Order) {
  return {
    id: o.id,
    created_at: o.createdAt.toISOString(),
    order_status: o.status,
    payment_mode: o.paymentMode,
    payment_status: o.paymentStatus,
    promocode: o.promoCode,
    subtotal: rupees(o.subtotalPaise),
    discount: rupees(o.discountPaise),
    points: o.pointsRedeemed,
    delivery_fee: rupees(o.deliveryFeePaise),
    paid_amount: rupees(o.paidAmountPaise),
    customer_note: o.customerNote,
    substitution: o.substitution,
    points_earned: o.pointsEarned,
    address_id: o.addressId,
    address: o.address,
    processed_at: o.processedAt?.toISOString() ?? null,
    out_for_delivery_at: o.outForDeliveryAt?.toISOString() ?? null,
    undelivered_at: o.undeliveredAt?.toISOString() ?? null,
    delivered_at: o.deliveredAt?.toISOString() ?? null,
    cancelled_at: o.cancelledAt?.toISOString() ?? null,
    cancellable: o.cancellable,
    delivery_slot: o.deliverySlot,
    // After the order: the invoice (any confirmed order; a cancelled one only if it had one) and the refund.
    invoice_number: o.invoiceNumber,
    invoice_url: o.invoiceNumber ? invoiceHref(o.id) : null,
    credit_notes: o.creditNotes.map((n) => ({
      id: n.id,
      number: n.number,
      date: n.createdAt.toISOString(),
      reason: n.reason,
      total: rupees(n.totalPaise),
      url: creditNoteHref(o.id, n.id),
    })),
    refund: refundParts(o).map((r) => ({
      to: r.to,
      amount: r.amountPaise === null ? null : rupees(r.amountPaise),
      points: r.points,
      text: r.text,
    })),
    // Requested and sending read as pending: the customer sees the refund on its way.
    refunds: o.refunds.map((r) => ({
      id: r.id,
      reason: r.reason,
      amount_paise: r.amountPaise,
      status: r.status === 'processed' || r.status === 'failed' ? r.status : ('pending' as const),
      created_at: r.createdAt.toISOString(),
    })),
    order_items: o.items.map((i) => ({
      id: i.id,
      qty: i.qty,
      total_amount: rupees(i.totalAmountPaise),
      product: { id: i.productId, title: i.name, image: i.image },
      substitution: i.substitution,
      // Packing: what was picked (in `measure`), the product it replaced, the total as ordered.
      picked: i.pickedAmount,
      measure: i.measure,
      substituted_for: i.substitutedFor,
      ordered_total: i.orderedTotalPaise === null ? null : rupees(i.orderedTotalPaise),
      // At the door: what the customer handed back to the rider, not charged.
      handed_back: i.handedBack,
      handed_back_amount: i.handedBack > 0 ? rupees(i.handedBackPaise) : null,
      // After delivery: what was returned or refunded of the line, by kind and reason.
      returns: i.returns.map((r) => ({ kind: r.kind, reason: r.reason, qty: r.qty, amount: rupees(r.amountPaise) })),
    })),
  };
}
