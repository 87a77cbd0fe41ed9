/**
 * RazorpayGateway: the PaymentGateway interface (gateway.ts) over Razorpay's REST API
 * (`${apiUrl}/v1/...`, Basic auth with the key id and secret, JSON), called directly with fetch
 * because the `razorpay` package's client cannot be pointed at another host (the local simulator
 * speaks the same API: src/features/payments/simulator). Every call has a timeout; a network
 * failure, a timeout, an error answer or an answer of the wrong shape throws GatewayError (with
 * the HTTP status and Razorpay's error code when there was an answer). Signatures: signatures.ts.
 */

import type { z } from 'zod';
import { countGatewayError } from '#lib/metrics.ts';
import {
  GATEWAY_TIMEOUT_MS,
  GatewayError,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayQrCode,
  type GatewayRefund,
  type GatewayWebhook,
  type PaymentGateway,
  WebhookSignatureError,
} from './gateway.ts';
import {
  collectionOf,
  errorBody,
  orderEntity,
  paymentEntity,
  qrCodeEntity,
  refundEntity,
  toEvent,
  toOrder,
  toPayment,
  toQrCode,
  toRefund,
  webhookBody,
} from './razorpay-entities.ts';
import { checkoutSignature, hmacSha256Hex, signatureMatches } from './signatures.ts';

export interface RazorpayGatewayOptions {
  /** `razorpay`, or `simulator` for the local simulator (the browser opens its checkout instead). */
  name: 'razorpay' | 'simulator';
  /** The API's base without `/v1`, e.g. `https://api.razorpay.com` or `http://127.0.0.1:4750`. */
  apiUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Longest time (ms) one call may take; default GATEWAY_TIMEOUT_MS. */
  timeoutMs?: number;
}

/** The currency of every amount the shop asks for. */
const CURRENCY = 'INR';

export class RazorpayGateway implements PaymentGateway {
  readonly name: 'razorpay' | 'simulator';
  readonly keyId: string;
  private readonly options: RazorpayGatewayOptions;
  private readonly authorization: string;

  constructor(options: RazorpayGatewayOptions) {
    this.options = { ...options, apiUrl: options.apiUrl.replace(/\/+$/, '') };
    this.name = options.name;
    this.keyId = options.keyId;
    this.authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
  }

  async createOrder(input: {
    amountPaise: number;
    receipt: string;
    notes?: Record<string, string>;
  }): Promise<GatewayOrder> {
    const body = { amount: input.amountPaise, currency: CURRENCY, receipt: input.receipt, notes: input.notes ?? {} };
    return toOrder(await this.call('POST', '/v1/orders', orderEntity, body));
  }

  verifyCheckout(input: { orderId: string; paymentId: string; signature: string }): boolean {
    if (!input.orderId || !input.paymentId || !input.signature) return false;
    const expected = checkoutSignature(this.options.keySecret, input.orderId, input.paymentId);
    return signatureMatches(expected, input.signature);
  }

  parseWebhook(rawBody: string, headers: Headers): GatewayWebhook {
    const signature = headers.get('x-razorpay-signature');
    if (!signature) throw new WebhookSignatureError('Webhook has no X-Razorpay-Signature header');
    if (!signatureMatches(hmacSha256Hex(this.options.webhookSecret, rawBody), signature))
      throw new WebhookSignatureError();
    const eventId = headers.get('x-razorpay-event-id');
    if (!eventId) throw new WebhookSignatureError('Webhook has no x-razorpay-event-id header');
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody);
    } catch {
      throw new WebhookSignatureError('Webhook body is not JSON');
    }
    const body = webhookBody.safeParse(parsed);
    if (!body.success) throw new WebhookSignatureError('Webhook body is not a Razorpay event (or has no created_at)');
    try {
      return { eventId, createdAt: body.data.created_at, event: toEvent(body.data) };
    } catch {
      throw new WebhookSignatureError(`Webhook ${body.data.event} lacks the entity it names`);
    }
  }

  async fetchPayment(paymentId: string): Promise<GatewayPayment> {
    return toPayment(await this.call('GET', `/v1/payments/${encodeURIComponent(paymentId)}`, paymentEntity));
  }

  async fetchOrderPayments(orderId: string): Promise<GatewayPayment[]> {
    const list = await this.call(
      'GET',
      `/v1/orders/${encodeURIComponent(orderId)}/payments`,
      collectionOf(paymentEntity),
    );
    return list.items.map(toPayment);
  }

  async capturePayment(paymentId: string, amountPaise: number, currency: string): Promise<GatewayPayment> {
    const path = `/v1/payments/${encodeURIComponent(paymentId)}/capture`;
    return toPayment(await this.call('POST', path, paymentEntity, { amount: amountPaise, currency }));
  }

  async refund(input: {
    paymentId: string;
    amountPaise: number;
    notes: Record<string, string>;
  }): Promise<GatewayRefund> {
    const path = `/v1/payments/${encodeURIComponent(input.paymentId)}/refund`;
    return toRefund(await this.call('POST', path, refundEntity, { amount: input.amountPaise, notes: input.notes }));
  }

  async fetchRefunds(paymentId: string): Promise<GatewayRefund[]> {
    const path = `/v1/payments/${encodeURIComponent(paymentId)}/refunds`;
    const list = await this.call('GET', path, collectionOf(refundEntity));
    return list.items.map(toRefund);
  }

  async createQrCode(input: {
    amountPaise: number;
    name: string;
    description: string;
    closeBy: number;
    notes: Record<string, string>;
  }): Promise<GatewayQrCode> {
    const body = {
      type: 'upi_qr',
      name: input.name,
      usage: 'single_use',
      fixed_amount: true,
      payment_amount: input.amountPaise,
      description: input.description,
      close_by: input.closeBy,
      notes: input.notes,
    };
    return toQrCode(await this.call('POST', '/v1/payments/qr_codes', qrCodeEntity, body));
  }

  async closeQrCode(qrCodeId: string): Promise<GatewayQrCode> {
    const path = `/v1/payments/qr_codes/${encodeURIComponent(qrCodeId)}`;
    try {
      return toQrCode(await this.call('POST', `${path}/close`, qrCodeEntity));
    } catch (err) {
      // Closing one that is closed already (paid single-use, or past close_by) is refused: read it back.
      if (!(err instanceof GatewayError) || err.status !== 400) throw err;
      const qr = toQrCode(await this.call('GET', path, qrCodeEntity));
      if (qr.status !== 'closed') throw err;
      return qr;
    }
  }

  async fetchQrPayments(qrCodeId: string): Promise<GatewayPayment[]> {
    const path = `/v1/payments/qr_codes/${encodeURIComponent(qrCodeId)}/payments`;
    const list = await this.call('GET', path, collectionOf(paymentEntity));
    return list.items.map(toPayment);
  }

  /** One API call: the answer parsed by `schema`, or GatewayError (counted in the gateway error series). */
  private async call<S extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: S,
    body?: unknown,
  ): Promise<z.output<S>> {
    const what = `${method} ${path}`;
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.options.apiUrl}${path}`, {
        method,
        headers: {
          authorization: this.authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? GATEWAY_TIMEOUT_MS),
      });
      text = await response.text();
    } catch (err) {
      const timedOut = (err as Error).name === 'TimeoutError';
      countGatewayError(this.name, timedOut ? 'timeout' : 'network');
      throw new GatewayError(`${this.name} ${what}: ${timedOut ? 'timed out' : (err as Error).message}`);
    }
    const json = parseJson(text);
    if (!response.ok) {
      const error = errorBody.safeParse(json);
      const code = error.success ? (error.data.error.code ?? null) : null;
      const description = error.success ? error.data.error.description : null;
      countGatewayError(this.name, 'status');
      throw new GatewayError(
        `${this.name} ${what}: ${response.status} ${description ?? 'error answer'}`,
        response.status,
        code,
      );
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      countGatewayError(this.name, 'answer');
      throw new GatewayError(`${this.name} ${what}: unexpected answer`, response.status);
    }
    return parsed.data;
  }
}

/** JSON text parsed, or undefined when it is not JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
