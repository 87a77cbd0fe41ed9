/**
 * The payment gateway interface, shaped like India's two-phase gateways (Razorpay, Cashfree,
 * PhonePe): the server creates a gateway order, the customer pays inside the gateway's checkout,
 * the browser comes back with a payment id and a signature, and the gateway confirms by webhook
 * (late, twice or out of order). Refunds are asynchronous: asked for, then settled by webhook or
 * by fetching them. Amounts are integers in paise; the currency is `INR`.
 *
 * Implementations: razorpay.ts (Razorpay's REST API; also used against the local simulator,
 * which speaks the same API). Every call that reaches the network has a timeout
 * (GATEWAY_TIMEOUT_MS) and throws GatewayError on a failure.
 */

/** A gateway order: what the customer pays into (Razorpay `order_…`). */
export interface GatewayOrder {
  id: string;
  amountPaise: number;
  currency: string;
  /** Our receipt: the shop's order number. */
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
}

/** One attempt to pay a gateway order (Razorpay `pay_…`). */
export interface GatewayPayment {
  id: string;
  /** The gateway order it pays. */
  orderId: string;
  amountPaise: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  /** upi, card, netbanking, wallet… when the gateway says. */
  method: string | null;
  /** The gateway's reason for a failed payment. */
  errorDescription: string | null;
}

/** A refund of all or part of a payment (Razorpay `rfnd_…`). */
export interface GatewayRefund {
  id: string;
  paymentId: string;
  amountPaise: number;
  status: 'pending' | 'processed' | 'failed';
  /** What we sent with it; `refund_id` holds our refund attempt's reference (`<row id>-<attempt>`), the one thing we pair it by. */
  notes: Record<string, string>;
}

/**
 * A single-use UPI QR code for a fixed amount (Razorpay `qr_…`, QR Codes API), shown at the door.
 * `imageUrl` is the gateway's picture of the code (a URL the customer's phone scans from).
 */
export interface GatewayQrCode {
  id: string;
  amountPaise: number;
  status: 'active' | 'closed';
  imageUrl: string;
  /** When the gateway closes it by itself (Unix seconds). */
  closeBy: number;
  /** What we sent with it; `order_id` holds the shop's order id. */
  notes: Record<string, string>;
}

/** One webhook event, parsed; `other` for event types the shop does not act on. */
export type GatewayEvent =
  | { type: 'payment.authorized' | 'payment.captured' | 'payment.failed'; payment: GatewayPayment }
  | { type: 'order.paid'; order: GatewayOrder; payment: GatewayPayment }
  | { type: 'qr_code.credited'; qrCode: GatewayQrCode; payment: GatewayPayment }
  | { type: 'refund.created' | 'refund.processed' | 'refund.failed'; refund: GatewayRefund }
  | { type: 'other'; name: string; entityIds?: string[] };

/** A verified webhook: the gateway's delivery id (`x-razorpay-event-id`), when the event was made, and the event. */
export interface GatewayWebhook {
  /** The delivery's id: outside the signature, so a replay can carry a new one. */
  eventId: string;
  /** When the gateway made the event (Unix seconds; Razorpay's top-level `created_at`, inside the signature). */
  createdAt: number;
  event: GatewayEvent;
}

/**
 * The event's own identity, inside the signature: its type and the ids of the entities it is
 * about (`refund.*` the refund, `payment.*` the payment, `order.paid` the order and the payment,
 * `qr_code.credited` the QR code and the payment, others the ids the gateway gave). A replay
 * under a new delivery id has the same key; null for
 * an event that names no entity (de-duplicated by delivery id only).
 */
export function webhookEventKey(event: GatewayEvent): string | null {
  switch (event.type) {
    case 'payment.authorized':
    case 'payment.captured':
    case 'payment.failed':
      return `${event.type}:${event.payment.id}`;
    case 'order.paid':
      return `${event.type}:${event.order.id}:${event.payment.id}`;
    case 'qr_code.credited':
      return `${event.type}:${event.qrCode.id}:${event.payment.id}`;
    case 'refund.created':
    case 'refund.processed':
    case 'refund.failed':
      return `${event.type}:${event.refund.id}`;
    default:
      return event.entityIds?.length ? `${event.name}:${event.entityIds.join(':')}` : null;
  }
}

/** How old a webhook may be (ms; the gateway's retry window): an older one is refused as a replay. */
export const WEBHOOK_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export interface PaymentGateway {
  /** `razorpay`, or `simulator` (the same protocol, served locally): the browser opens that gateway's checkout. */
  readonly name: 'razorpay' | 'simulator';
  /** The public key the browser's checkout is opened with. */
  readonly keyId: string;
  /** Creates a gateway order for `amountPaise` with our order number as receipt. */
  createOrder(input: { amountPaise: number; receipt: string; notes?: Record<string, string> }): Promise<GatewayOrder>;
  /** True when the checkout callback's signature is the gateway's (constant-time compare). */
  verifyCheckout(input: { orderId: string; paymentId: string; signature: string }): boolean;
  /** Verifies and parses a webhook from its raw body and headers; throws WebhookSignatureError when it is not the gateway's. */
  parseWebhook(rawBody: string, headers: Headers): GatewayWebhook;
  fetchPayment(paymentId: string): Promise<GatewayPayment>;
  /** Every payment attempt of a gateway order (for reconciliation). */
  fetchOrderPayments(orderId: string): Promise<GatewayPayment[]>;
  /** Captures an authorized payment for its full amount. */
  capturePayment(paymentId: string, amountPaise: number, currency: string): Promise<GatewayPayment>;
  /** Asks for a refund of `amountPaise` of a captured payment; answers it pending (or already processed). */
  refund(input: { paymentId: string; amountPaise: number; notes: Record<string, string> }): Promise<GatewayRefund>;
  /** Every refund of a payment (for reconciliation of a refund whose answer was lost). */
  fetchRefunds(paymentId: string): Promise<GatewayRefund[]>;
  /**
   * Makes a single-use UPI QR code for exactly `amountPaise` (fixed amount), closed by the gateway
   * at `closeBy` (Unix seconds) if not paid before.
   */
  createQrCode(input: {
    amountPaise: number;
    name: string;
    description: string;
    closeBy: number;
    notes: Record<string, string>;
  }): Promise<GatewayQrCode>;
  /** Closes a QR code so it takes no more payments (one closed already is answered as it is). */
  closeQrCode(qrCodeId: string): Promise<GatewayQrCode>;
  /** Every payment made on a QR code (when its `qr_code.credited` webhook is late). */
  fetchQrPayments(qrCodeId: string): Promise<GatewayPayment[]>;
}

/** A call to the gateway failed: network, timeout, or an error answer (`status` when there was one). */
export class GatewayError extends Error {
  /** The gateway's HTTP status, when it answered. */
  readonly status: number | null;
  /** The gateway's error code (Razorpay `error.code`, e.g. BAD_REQUEST_ERROR), when it answered one. */
  readonly gatewayCode: string | null;
  constructor(message: string, status: number | null = null, gatewayCode: string | null = null) {
    super(message);
    this.name = 'GatewayError';
    this.status = status;
    this.gatewayCode = gatewayCode;
  }
}

/** A webhook whose signature is missing or wrong (answered 400, nothing changes). */
export class WebhookSignatureError extends Error {
  constructor(message = 'Webhook signature is missing or invalid') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** A verified webhook refused for its age: made longer ago than WEBHOOK_MAX_AGE_MS (answered 400, nothing changes). */
export class WebhookStaleError extends Error {
  /** When the gateway made the event (Unix seconds). */
  readonly createdAt: number;
  constructor(createdAt: number) {
    super(`Webhook made at ${createdAt} is older than the gateway's retry window`);
    this.name = 'WebhookStaleError';
    this.createdAt = createdAt;
  }
}

/** How long one gateway call may take (ms) before it fails with GatewayError. */
export const GATEWAY_TIMEOUT_MS = 10_000;
