/**
 * The simulator's checkout, reached from the shop's server: the browser's payment modal posts to
 * `POST /api/payments/simulator/pay` (routes.ts), which forwards here to the simulator's
 * `POST /v1/checkout/pay`. The simulator only pays gateway orders it created.
 */
import { getConfig } from '#lib/config.ts';
import { SIMULATOR_KEYS } from '../simulator/settings.ts';
import { simulatorUrl } from './configured.ts';
import { GATEWAY_TIMEOUT_MS, GatewayError } from './gateway.ts';

/** The checkout callback's fields, as Razorpay's checkout hands them to the page. */
export interface CheckoutCallback {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/** A payment the simulator declined (a failed payment exists: `paymentId`). */
export class SimulatorDeclinedError extends Error {
  readonly paymentId: string | null;
  constructor(description: string, paymentId: string | null) {
    super(description);
    this.name = 'SimulatorDeclinedError';
    this.paymentId = paymentId;
  }
}

/**
 * Pays a simulator gateway order: the callback's fields on success; SimulatorDeclinedError for a
 * declined payment; GatewayError for anything else (an unknown order: status 400).
 */
export async function payWithSimulator(input: {
  orderId: string;
  method: 'upi' | 'card' | 'netbanking' | 'wallet';
  outcome: 'success' | 'decline';
}): Promise<CheckoutCallback> {
  const auth = Buffer.from(`${SIMULATOR_KEYS.keyId}:${SIMULATOR_KEYS.keySecret}`).toString('base64');
  let response: Response;
  let json: unknown;
  try {
    response = await fetch(`${simulatorUrl(getConfig())}/v1/checkout/pay`, {
      method: 'POST',
      headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: input.orderId, method: input.method, outcome: input.outcome }),
      signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
    });
    json = await response.json();
  } catch (err) {
    throw new GatewayError(`simulator checkout: ${(err as Error).message}`);
  }
  if (response.ok) return json as CheckoutCallback;
  const error = (json as { error?: { code?: string; description?: string; metadata?: { payment_id?: string } } })
    ?.error;
  const description = error?.description ?? 'Payment failed';
  if (error?.metadata?.payment_id) throw new SimulatorDeclinedError(description, error.metadata.payment_id);
  throw new GatewayError(`simulator checkout: ${description}`, response.status, error?.code ?? null);
}
