/**
 * The checkout (docs/orders-and-payments.md#checkout and #placing-an-order):
 * Shipping Address, Order Details, Payment Method and Order Notes, with Promo Code, Points and
 * Order Summary in a side column on wide screens, and the checkout's dialogs.
 *
 * The behaviour is in use-checkout.ts (over the reducer in checkout-state.ts); the parts are
 * in checkout-parts.tsx, OrderSummary.tsx, CheckoutAddress.tsx, PaymentMethods.tsx,
 * PromoCodeBox.tsx and checkout-dialogs.tsx. "Pay Online" (only with a configured gateway)
 * creates the order awaiting payment and opens the gateway's checkout: Razorpay's, or the
 * payment simulator's modal (PaymentModal). On success, whatever the method: Order Confirmed,
 * which stays until the customer leaves it, a reload included: its address becomes
 * /checkout?placed=ID, which the page serves as Order Confirmed with the order read back
 * (the `placed` prop; ADR 0115). On phones the total and Place Order are in a bar
 * fixed at the bottom of the screen (PlaceOrderBar). While an online payment is unresolved (the
 * connection dropped, or the page opened on an order still awaiting its payment) the checkout
 * shows that order's lines read-only and waits for it (PaymentInDoubt).
 */
import { lazy, Suspense, useEffect } from 'react';
import SlotPicker from '#features/delivery/islands/SlotPicker.tsx';
import { DELIVERY_MESSAGES } from '#features/delivery/rules.ts';
import PaymentInDoubt from '#features/orders/islands/PaymentInDoubt.tsx';
import PaymentModal from '#features/payments/islands/PaymentModal.tsx';
import { SelectAddressModal, ShippingAddressCard } from './CheckoutAddress.tsx';
import type { PlacedOrder } from './checkout-api.ts';
import { MethodRequiredDialog, OrderConfirmed } from './checkout-dialogs.tsx';
import { CheckoutHeader, OrderDetails, OrderNotes, PointsCard } from './checkout-parts.tsx';
import { type DeliveryAreaInfo, paise } from './checkout-shared.ts';
import { type CheckoutDialog, type Confirmation, figuresStale } from './checkout-state.ts';
import OrderSubstitution from './OrderSubstitution.tsx';
import OrderSummary, { PlaceOrderBar, type ZoneTerms } from './OrderSummary.tsx';
import { confirmationOfPlaced, confirmedHref } from './order-success.ts';
import PaymentMethods from './PaymentMethods.tsx';
import PromoCodeBox from './PromoCodeBox.tsx';
import { belowMinimumReason } from './place-order-steps.ts';
import { useCheckout } from './use-checkout.ts';

const AddressDialog = lazy(() => import('#features/addresses/islands/AddressDialog.tsx'));

interface Props {
  /** Map tile URL template (MAP_TILE_URL). */
  tileUrl: string;
  /** Where the shop delivers (names and postal code prefixes). */
  area: DeliveryAreaInfo;
  /** Subtotal (paise) from which delivery is free, for the "more for free delivery" hint. */
  freeDeliveryFromPaise: number;
  /** The order /checkout?placed=ID names, read back by the page: Order Confirmed is shown for it. */
  placed?: PlacedOrder | null;
  /** An online order still awaiting its payment, holding the cart's lines: the checkout waits on it. */
  pending?: PlacedOrder | null;
}

/** The Order Confirmed screen in the checkout's place. */
function ConfirmedScreen({ confirmed }: { confirmed: Confirmation }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <OrderConfirmed confirmed={confirmed} />
    </div>
  );
}

/** The checkout, or Order Confirmed for the order the address names. */
function Checkout({ placed, ...props }: Props) {
  return placed ? <ConfirmedScreen confirmed={confirmationOfPlaced(placed)} /> : <CheckoutForm {...props} />;
}

function CheckoutForm({ tileUrl, area, freeDeliveryFromPaise, pending = null }: Omit<Props, 'placed'>) {
  const {
    state,
    dispatch,
    totals,
    selected,
    applyPromo,
    changeFigures,
    afterAddressAdded,
    placeOrder,
    payOnline,
    declineOnline,
    abandonOnline,
    paymentDone,
    doubtPaid,
    doubtReleased,
  } = useCheckout(area, pending);
  const paying = state.paying?.payment.gateway === 'simulator' ? state.paying.order : null;
  const close = (dialog: CheckoutDialog) => () => dispatch({ type: 'close', dialog });
  const openAddAddress = () => dispatch({ type: 'open', dialog: 'add-address' });
  // The zone's terms only once the figures are for the selected address (never another zone's).
  const delivery = figuresStale(state) ? null : (state.figures?.delivery ?? null);
  const zone: ZoneTerms | null = delivery && {
    zone: delivery.zone,
    minOrderPaise: paise(delivery.min_order),
    freeFromPaise: paise(delivery.free_delivery_from),
  };
  const summaryProps = {
    summary: totals.summary,
    subtotal: totals.subtotal,
    discount: totals.discount,
    pointsUsed: totals.pointsUsed,
    delivery: totals.delivery,
    total: totals.total,
    freeDeliveryFromPaise: zone ? zone.freeFromPaise : freeDeliveryFromPaise,
    zone,
    estimateZone: figuresStale(state) ? null : (state.figures?.delivery_estimate_zone ?? null),
    belowMinimum: belowMinimumReason(state),
    notDelivered: selected && !selected.deliverable ? DELIVERY_MESSAGES.notServed(selected.po_box) : '',
    unavailable: state.lines.some((l) => !l.available),
    loading: state.loading,
    // Figures of another address wait for this one's; if fetching them failed, Place Order is
    // still offered: the server prices the order again and answers a differing figure with 409.
    refreshing: state.refreshing || (figuresStale(state) && !state.summaryError),
    summaryError: state.summaryError,
    placeError: state.placeError,
    placing: state.placing,
    onPlaceOrder: () => void placeOrder(),
  };

  // Order Confirmed gets its own address, so a reload shows it again rather than the empty cart's redirect.
  const confirmedId = state.confirmed?.orderId;
  useEffect(() => {
    if (confirmedId) window.history.replaceState(window.history.state, '', confirmedHref(confirmedId));
  }, [confirmedId]);

  // The Order Confirmed screen replaces the checkout (a screen, not a dialog).
  if (state.confirmed) return <ConfirmedScreen confirmed={state.confirmed} />;

  // An online payment whose outcome is unknown: its lines read-only until it resolves, no new order meanwhile.
  if (state.doubt) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-6">
        <CheckoutHeader />
        <PaymentInDoubt
          order={state.doubt.order}
          lostConnection={state.doubt.lost}
          actionLabel="Place Order"
          onPaid={doubtPaid}
          onReleased={doubtReleased}
        />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <CheckoutHeader />

      {/* minmax(0, 1fr): the column is the screen's width, never its widest content's. */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-5 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="min-w-0 space-y-5">
          <ShippingAddressCard
            loading={state.loading}
            error={state.addressError}
            addresses={state.addresses}
            selected={selected}
            area={area}
            onChange={() => dispatch({ type: 'open', dialog: 'select-address' })}
            onAddNew={openAddAddress}
          />
          <SlotPicker pin={selected?.deliverable ? selected.po_box : null} />
          <OrderDetails loading={state.loading} lines={state.lines} />
          <PaymentMethods
            value={state.method}
            onChange={(method) => dispatch({ type: 'method', method })}
            online={totals.online}
            credit={totals.credit}
          />
          <OrderSubstitution lines={state.lines} />
          <OrderNotes value={state.note} onChange={(text) => dispatch({ type: 'note', text })} />
        </div>

        <aside className="min-w-0 space-y-5 lg:sticky lg:top-4" aria-label="Promo code, points and order summary">
          <PromoCodeBox
            applied={totals.summary?.promocode ?? null}
            onApplied={applyPromo}
            onRemove={() => void changeFigures(null, state.redeem)}
          />
          <PointsCard
            balance={totals.pointsBalance}
            redeemable={totals.redeemable}
            checked={state.redeem && totals.pointsUsed > 0}
            disabled={state.refreshing}
            onChange={(redeem) => void changeFigures(state.promo, redeem)}
          />
          <OrderSummary {...summaryProps} />
        </aside>
      </div>

      <PlaceOrderBar {...summaryProps} />

      <SelectAddressModal
        open={state.dialog === 'select-address'}
        addresses={state.addresses}
        selectedId={state.selectedId}
        onSelect={(id) => dispatch({ type: 'selectAddress', id })}
        onAddNew={openAddAddress}
        onClose={close('select-address')}
        notice={state.notice || undefined}
      />

      {state.addAddressMounted && (
        <Suspense fallback={null}>
          <AddressDialog
            open={state.dialog === 'add-address'}
            mode="add"
            tileUrl={tileUrl}
            onClose={close('add-address')}
            onSaved={(a) => void afterAddressAdded(a)}
          />
        </Suspense>
      )}

      <MethodRequiredDialog open={state.dialog === 'method-required'} onClose={close('method-required')} />

      {paying && (
        <PaymentModal
          open={state.dialog === 'payment'}
          subtotalPaise={paise(paying.subtotal)}
          discountPaise={paise(paying.discount)}
          pointsPaise={paying.points * 100}
          deliveryPaise={paise(paying.delivery_fee)}
          totalPaise={paise(paying.paid_amount)}
          onClose={() => void abandonOnline()}
          onPay={payOnline}
          onDecline={declineOnline}
          onDone={paymentDone}
        />
      )}
    </div>
  );
}

export default Checkout;
