/**
 * The sections of one order in the back office (StaffOrderView.tsx): the customer with the address,
 * delivery and payment with the rider form, the items with packing controls and totals, and the
 * history. Each one draws the order it is given; actions go back through the island's callbacks.
 */
import type { FormEvent } from 'react';
import { substitutionLabel } from '#features/cart/rules.ts';
import { paymentModeLabel } from '#features/orders/rules.ts';
import { rupeesToPaise } from '#lib/money.ts';
import { formatPhone } from '#lib/phone.ts';
import { buttonSecondary } from '#lib/ui/controls.tsx';
import type { StaffOrderJson } from '../contract.ts';
import { collectText } from '../rules.ts';
import { money, paymentStatusLabel, shopDateTime } from './admin-order-parts.tsx';
import PackingControls from './PackingControls.tsx';

/** An island action: the API call, and where its error message goes. */
type RunAction = (
  action: () => Promise<{ data: { order: StaffOrderJson }; message?: string }>,
  onError: (message: string | null) => void,
) => Promise<unknown>;

/** The delivery address on one line, from the parts the address has. */
const addressLine = (a: Record<string, unknown> | null) =>
  a
    ? ['building_num', 'street', 'landmark', 'city', 'po_box']
        .map((k) => a[k])
        .filter((v) => typeof v === 'string' && v.trim())
        .join(', ')
    : '';

/** The customer: name, a tel: link, the address with a map link, and the customer's note. */
export function CustomerSection({ order }: { order: StaffOrderJson }) {
  const a = order.address;
  return (
    <section aria-labelledby="customer-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="customer-heading" className="font-semibold text-slate-900">
        Customer
      </h2>
      <p className="mt-1 text-slate-900">
        {order.customer.name || (typeof a?.name === 'string' ? a.name : 'Customer')}
      </p>
      {order.customer.mobile && (
        <p>
          <a href={`tel:${order.customer.mobile}`} className="font-semibold text-brand-700 underline">
            Call <span className="whitespace-nowrap">{formatPhone(order.customer.mobile)}</span>
          </a>
        </p>
      )}
      {a && (
        <p className="mt-2 text-sm text-slate-800">
          {typeof a.name === 'string' && a.name ? `${a.name}, ` : ''}
          {addressLine(a)}
          {typeof a.mobile === 'string' && a.mobile && a.mobile !== order.customer.mobile && (
            <>
              {' '}
              <span className="whitespace-nowrap">({formatPhone(a.mobile)})</span>
            </>
          )}
        </p>
      )}
      {order.map_url && (
        <p className="mt-1 text-sm">
          <a href={order.map_url} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
            Open the address on a map
          </a>
        </p>
      )}
      {order.customer_note && (
        <p className="mt-2 text-sm text-slate-800">
          <span className="font-semibold">Note:</span> {order.customer_note}
        </p>
      )}
    </section>
  );
}

interface DeliveryProps {
  order: StaffOrderJson;
  busy: boolean;
  /** Whether the member may assign a rider to this order now. */
  assignable: boolean;
  riderId: string;
  riderFieldId: string;
  onRiderId: (riderId: string) => void;
  onAssign: (event: FormEvent) => void;
}

/** Slot, rider, payment and amount, with the rider form for a member who may assign one. */
export function DeliverySection({
  order,
  busy,
  assignable,
  riderId,
  riderFieldId,
  onRiderId,
  onAssign,
}: DeliveryProps) {
  return (
    <section aria-labelledby="delivery-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="delivery-heading" className="font-semibold text-slate-900">
        Delivery and payment
      </h2>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-800">
        <dt className="text-slate-600">Slot</dt>
        <dd>
          {order.delivery_slot
            ? `${order.delivery_slot.label}${order.delivery_slot.zone ? ` · ${order.delivery_slot.zone}` : ''}`
            : 'None'}
        </dd>
        <dt className="text-slate-600">Rider</dt>
        <dd>{order.rider?.name ?? 'Not assigned'}</dd>
        <dt className="text-slate-600">Payment</dt>
        <dd>
          {paymentModeLabel(order.payment_mode, order.payment_status)} ·{' '}
          {paymentStatusLabel(order.payment_status, order.refunds)}
        </dd>
        <dt className="text-slate-600">To pay</dt>
        <dd className="font-semibold">
          {collectText(rupeesToPaise(order.amount_due), {
            paymentMode: order.payment_mode,
            paymentStatus: order.payment_status,
          })}
        </dd>
        {order.payment_reference && (
          <>
            <dt className="text-slate-600">Payment ref.</dt>
            <dd className="break-all">{order.payment_reference}</dd>
          </>
        )}
        {order.cancel_reason && (
          <>
            <dt className="text-slate-600">Cancelled</dt>
            <dd>{order.cancel_reason}</dd>
          </>
        )}
      </dl>
      {assignable && (
        <form onSubmit={onAssign} className="no-print mt-3 flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor={riderFieldId} className="mb-1 block text-sm font-medium text-slate-800">
              Rider
            </label>
            <select
              id={riderFieldId}
              value={riderId}
              onChange={(e) => onRiderId(e.target.value)}
              className="h-11 rounded-lg border border-slate-400 bg-white px-2 text-sm"
            >
              <option value="">No rider</option>
              {order.riders.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={buttonSecondary} disabled={busy}>
            Assign rider
          </button>
        </form>
      )}
    </section>
  );
}

interface ItemsProps {
  order: StaffOrderJson;
  busy: boolean;
  /** Whether the lines show packing controls (picked quantity, substitute). */
  packing: boolean;
  run: RunAction;
}

/** The order's lines with the customer's substitution choice and packing, then the totals. */
export function ItemsSection({ order, busy, packing, run }: ItemsProps) {
  return (
    <section aria-labelledby="lines-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="lines-heading" className="font-semibold text-slate-900">
        Items
      </h2>
      <ul className="mt-2 divide-y divide-slate-200">
        {order.lines.map((l) => (
          <li key={l.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
            <div>
              <p className="font-medium text-slate-900">
                {l.qty} × {l.name}
                {l.pack ? <span className="font-normal text-slate-600"> ({l.pack})</span> : null}
              </p>
              <p className="text-sm text-slate-700">
                If out of stock: {substitutionLabel(l.substitution) || 'no choice recorded'}
              </p>
              {l.substituted_for && <p className="text-sm text-slate-900">Substitute for {l.substituted_for}</p>}
              {l.picked !== null && (
                <p className="text-sm text-slate-900">
                  Picked {l.picked} {l.measure} of {l.ordered}
                </p>
              )}
            </div>
            <p className="text-sm text-slate-800">
              {money(l.unit_price)} each ·{' '}
              {l.ordered_total && <s className="text-slate-600">{money(l.ordered_total)}</s>}{' '}
              <strong>{money(l.total_amount)}</strong>
            </p>
            {packing && (
              <PackingControls
                orderId={order.id}
                line={l}
                mobile={order.customer.mobile}
                busy={busy}
                run={async (action, onError) => {
                  await run(action, onError);
                }}
              />
            )}
          </li>
        ))}
      </ul>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 border-t border-slate-200 pt-2 text-sm text-slate-800">
        <dt>Subtotal</dt>
        <dd className="text-right">{money(order.subtotal)}</dd>
        {Number(order.discount) > 0 && (
          <>
            <dt>Discount{order.promo_code ? ` (${order.promo_code})` : ''}</dt>
            <dd className="text-right">−{money(order.discount)}</dd>
          </>
        )}
        {order.points_redeemed > 0 && (
          <>
            <dt>Points</dt>
            <dd className="text-right">−{order.points_redeemed}</dd>
          </>
        )}
        <dt>Delivery</dt>
        <dd className="text-right">{money(order.delivery_fee)}</dd>
        <dt className="font-semibold">Total</dt>
        <dd className="text-right font-semibold">{money(order.paid_amount)}</dd>
      </dl>
    </section>
  );
}

/** Each step of the order (statuses, picks, substitutions, rider, refunds), when and by whom. */
export function HistorySection({ order }: { order: StaffOrderJson }) {
  return (
    <section aria-labelledby="history-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="history-heading" className="font-semibold text-slate-900">
        History
      </h2>
      <ol className="mt-2 space-y-1 text-sm text-slate-800">
        {order.history.map((h, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: entries are only added, oldest first, so an index names one for good
          <li key={i}>
            {h.kind === 'status' ? <strong>{h.text}</strong> : h.text} · {shopDateTime(h.at)} · by {h.by}
          </li>
        ))}
      </ol>
    </section>
  );
}
