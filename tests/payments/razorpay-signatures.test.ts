/**
 * Razorpay's two signatures, held against the example values Razorpay publishes in its own SDKs'
 * tests (razorpay-python tests/test_client_utility.py: key secret `key_secret`, order
 * `fake_order_id`, payment `fake_payment_id`; razorpay-node test/utils/razorpay-utils.spec.js:
 * body `{"a":1,"b":2,"c":{"d":3}}`, webhook secret `123456`) and against the official `razorpay`
 * package's own checks: genuine values pass, a value changed in one character fails.
 */
import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils.js';
import { describe, expect, it } from 'vitest';
import { RazorpayGateway, WebhookSignatureError } from '#features/payments/index.ts';
import { webhookEventKey } from '#features/payments/server/gateway.ts';
import { checkoutSignature, hmacSha256Hex } from '#features/payments/server/signatures.ts';

const CHECKOUT = {
  keySecret: 'key_secret',
  orderId: 'fake_order_id',
  paymentId: 'fake_payment_id',
  signature: 'b2335e3b0801106b84a7faff035df56ecffde06918c9ddd1f0fafbb37a51cc89',
};
const WEBHOOK = {
  secret: '123456',
  body: '{"a":1,"b":2,"c":{"d":3}}',
  signature: '2fe04e22977002e6c7cb553adab8b460cb9e2a4970d5953cb27a8472752e3bbc',
};

/** A gateway with the example secrets (no network is used). */
const gateway = new RazorpayGateway({
  name: 'razorpay',
  apiUrl: 'http://127.0.0.1:9',
  keyId: 'rzp_test_example',
  keySecret: CHECKOUT.keySecret,
  webhookSecret: WEBHOOK.secret,
});

/** `text` with its character at `index` changed. */
const tamper = (text: string, index = 0) =>
  text.slice(0, index) + (text[index] === 'a' ? 'b' : 'a') + text.slice(index + 1);

const headers = (entries: Record<string, string>) => new Headers(entries);

describe('the checkout signature', () => {
  it("is Razorpay's documented example: HMAC-SHA256 of order_id|payment_id with the key secret", () => {
    expect(checkoutSignature(CHECKOUT.keySecret, CHECKOUT.orderId, CHECKOUT.paymentId)).toBe(CHECKOUT.signature);
    const { orderId, paymentId, signature } = CHECKOUT;
    expect(gateway.verifyCheckout({ orderId, paymentId, signature })).toBe(true);
    // The official package agrees.
    expect(
      validatePaymentVerification({ order_id: orderId, payment_id: paymentId }, signature, CHECKOUT.keySecret),
    ).toBe(true);
  });

  it('fails when any field is changed, swapped, missing, or signed with another secret', () => {
    const { orderId, paymentId, signature } = CHECKOUT;
    for (const input of [
      { orderId, paymentId, signature: tamper(signature) },
      { orderId, paymentId, signature: tamper(signature, 63) },
      { orderId, paymentId, signature: signature.toUpperCase() },
      { orderId, paymentId, signature: signature.slice(0, 40) },
      { orderId: tamper(orderId), paymentId, signature },
      { orderId, paymentId: tamper(paymentId, 5), signature },
      { orderId: paymentId, paymentId: orderId, signature },
      { orderId, paymentId, signature: '' },
      { orderId: '', paymentId, signature },
      { orderId, paymentId, signature: checkoutSignature('another_secret', orderId, paymentId) },
    ])
      expect(gateway.verifyCheckout(input), JSON.stringify(input)).toBe(false);
  });
});

describe('the webhook signature', () => {
  it("is Razorpay's documented example: HMAC-SHA256 of the raw body with the webhook secret", () => {
    expect(hmacSha256Hex(WEBHOOK.secret, WEBHOOK.body)).toBe(WEBHOOK.signature);
    expect(validateWebhookSignature(WEBHOOK.body, WEBHOOK.signature, WEBHOOK.secret)).toBe(true);
    const parsed = gateway.parseWebhook(
      WEBHOOK.body.replace('{"a":1', '{"event":"account.updated","created_at":1700000000,"a":1'),
      headers({
        'x-razorpay-signature': hmacSha256Hex(
          WEBHOOK.secret,
          WEBHOOK.body.replace('{"a":1', '{"event":"account.updated","created_at":1700000000,"a":1'),
        ),
        'x-razorpay-event-id': 'evt_example',
      }),
    );
    expect(parsed).toEqual({
      eventId: 'evt_example',
      createdAt: 1700000000,
      event: { type: 'other', name: 'account.updated' },
    });
  });

  it('refuses a tampered body, a tampered or missing signature, and a missing event id', () => {
    const body = JSON.stringify({ event: 'order.paid', payload: {}, created_at: 1700000000 });
    const signature = hmacSha256Hex(WEBHOOK.secret, body);
    const attempts: [string, Record<string, string>][] = [
      [body.replace('paid', 'paiD'), { 'x-razorpay-signature': signature, 'x-razorpay-event-id': 'e1' }],
      [`${body} `, { 'x-razorpay-signature': signature, 'x-razorpay-event-id': 'e1' }],
      [body, { 'x-razorpay-signature': tamper(signature, 10), 'x-razorpay-event-id': 'e1' }],
      [body, { 'x-razorpay-signature': hmacSha256Hex('other', body), 'x-razorpay-event-id': 'e1' }],
      [body, { 'x-razorpay-event-id': 'e1' }],
      [body, { 'x-razorpay-signature': '', 'x-razorpay-event-id': 'e1' }],
      [body, { 'x-razorpay-signature': signature }],
    ];
    for (const [raw, given] of attempts)
      expect(() => gateway.parseWebhook(raw, headers(given)), JSON.stringify(given)).toThrow(WebhookSignatureError);
    // Signed, but not an event the shop can read: refused the same way (400, nothing changes).
    const payment = { id: 'pay_1', order_id: 'order_1', amount: 100, currency: 'INR', status: 'captured' };
    for (const bad of [
      '{"event":"payment.captured","created_at":1700000000,"payload":{"payment":{"entity":{"id":"pay_1"}}}}',
      // No created_at: its age cannot be told, so it is refused too.
      JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: payment } } }),
      JSON.stringify({
        event: 'payment.captured',
        created_at: '1700000000',
        payload: { payment: { entity: payment } },
      }),
    ])
      expect(
        () =>
          gateway.parseWebhook(
            bad,
            headers({ 'x-razorpay-signature': hmacSha256Hex(WEBHOOK.secret, bad), 'x-razorpay-event-id': 'e2' }),
          ),
        bad,
      ).toThrow(WebhookSignatureError);
  });
});

describe("a webhook's own key", () => {
  const payment = { id: 'pay_1', order_id: 'order_1', amount: 100, currency: 'INR', status: 'captured' };
  const order = { id: 'order_1', amount: 100, currency: 'INR', receipt: 'FF-1', status: 'paid' };
  const refund = (id: string) => ({ id, payment_id: 'pay_1', amount: 50, status: 'processed', notes: [] });
  /** The key of a signed delivery of `event` with `entities`, under delivery id `eventId`. */
  const keyOf = (event: string, entities: Record<string, unknown>, eventId = 'evt_1') => {
    const payload = Object.fromEntries(Object.entries(entities).map(([k, v]) => [k, { entity: v }]));
    const body = JSON.stringify({ entity: 'event', event, payload, created_at: 1700000000 });
    const signed = headers({
      'x-razorpay-signature': hmacSha256Hex(WEBHOOK.secret, body),
      'x-razorpay-event-id': eventId,
    });
    return webhookEventKey(gateway.parseWebhook(body, signed).event);
  };

  it('is the event type and the ids of the entities it is about, whatever the delivery id', () => {
    expect(keyOf('payment.captured', { payment }, 'evt_1')).toBe(keyOf('payment.captured', { payment }, 'evt_2'));
    expect(keyOf('payment.captured', { payment })).toBe('payment.captured:pay_1');
    expect(keyOf('payment.authorized', { payment: { ...payment, status: 'authorized' } })).toBe(
      'payment.authorized:pay_1',
    );
    expect(keyOf('order.paid', { order, payment })).toBe('order.paid:order_1:pay_1');
    expect(keyOf('refund.processed', { refund: refund('rfnd_1'), payment })).toBe('refund.processed:rfnd_1');
    // Two refunds of one payment are two events.
    expect(keyOf('refund.processed', { refund: refund('rfnd_2'), payment })).toBe('refund.processed:rfnd_2');
    const qrCode = { id: 'qr_1', payment_amount: 100, status: 'active', image_url: 'https://rzp.io/i/x', notes: [] };
    expect(keyOf('qr_code.credited', { qr_code: qrCode, payment })).toBe('qr_code.credited:qr_1:pay_1');
    expect(keyOf('account.updated', {})).toBeNull();
  });
});
