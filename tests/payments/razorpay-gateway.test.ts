/**
 * RazorpayGateway against the payment simulator (a local server speaking Razorpay's API): what
 * the shop sees of gateway orders, payments, captures and refunds, with the webhooks each sends,
 * and GatewayError for an error answer, a wrong key, and a gateway that never answers.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { GatewayError, RazorpayGateway, SIMULATOR_KEYS, startPaymentSimulator } from '#features/payments/index.ts';
import { simulatorForFile, waitFor } from './simulator-fixture.ts';

const sim = simulatorForFile();
const { receiver, pay, paidOrder } = sim;

describe('orders and payments', () => {
  it('creates a gateway order for an amount in paise with our order number as receipt', async () => {
    const order = await sim.gateway.createOrder({ amountPaise: 45_600, receipt: 'FF-1001' });
    expect(order).toEqual({
      id: expect.stringMatching(/^order_\w{14}$/),
      amountPaise: 45_600,
      currency: 'INR',
      receipt: 'FF-1001',
      status: 'created',
    });
  });

  it('a successful checkout answers signed callback fields; the payment is captured and the order paid', async () => {
    const order = await sim.gateway.createOrder({ amountPaise: 45_600, receipt: 'FF-1002' });
    const { status, body } = await pay(order.id, 'success', 'card');
    expect(status).toBe(200);
    expect(body.razorpay_order_id).toBe(order.id);
    const callback = { orderId: order.id, paymentId: body.razorpay_payment_id, signature: body.razorpay_signature };
    expect(sim.gateway.verifyCheckout(callback)).toBe(true);
    expect(
      sim.gateway.verifyCheckout({
        ...callback,
        orderId: (await sim.gateway.createOrder({ amountPaise: 100, receipt: 'x' })).id,
      }),
    ).toBe(false);
    const payment = await sim.gateway.fetchPayment(callback.paymentId);
    expect(payment).toEqual({
      id: callback.paymentId,
      orderId: order.id,
      amountPaise: 45_600,
      currency: 'INR',
      status: 'captured',
      method: 'card',
      errorDescription: null,
    });
    expect(await sim.gateway.fetchOrderPayments(order.id)).toEqual([payment]);
    await sim.simulator.webhooksIdle();
    expect(receiver.types(sim.gateway)).toEqual(['payment.authorized', 'payment.captured', 'order.paid']);
    const paid = receiver.events(sim.gateway)[2]!.event;
    expect(paid).toMatchObject({
      type: 'order.paid',
      order: { id: order.id, status: 'paid', amountPaise: 45_600 },
      payment: { id: callback.paymentId },
    });
    expect((await pay(order.id, 'success')).status).toBe(400); // already paid
  });

  it('a declined checkout is a failed payment with the reason, named in the error and by payment.failed', async () => {
    const order = await sim.gateway.createOrder({ amountPaise: 45_600, receipt: 'FF-1003' });
    const { status, body } = await pay(order.id, 'decline');
    expect(status).toBe(400);
    expect(body.error).toMatchObject({
      code: 'BAD_REQUEST_ERROR',
      reason: 'payment_declined',
      metadata: { order_id: order.id },
    });
    const payment = await sim.gateway.fetchPayment(body.error.metadata.payment_id);
    expect(payment).toMatchObject({ status: 'failed', errorDescription: body.error.description });
    await sim.simulator.webhooksIdle();
    expect(receiver.events(sim.gateway)).toEqual([
      { eventId: expect.any(String), createdAt: expect.any(Number), event: { type: 'payment.failed', payment } },
    ]);
    // The customer may try again: the order takes a second payment.
    expect((await pay(order.id, 'success')).status).toBe(200);
    expect((await sim.gateway.fetchOrderPayments(order.id)).map((p) => p.status).sort()).toEqual([
      'captured',
      'failed',
    ]);
  });

  it('with manual capture a payment stays authorized until captured for its full amount', async () => {
    sim.simulator.settings({ capture: 'manual' });
    const order = await sim.gateway.createOrder({ amountPaise: 10_000, receipt: 'FF-1004' });
    const { body } = await pay(order.id, 'success');
    expect(await sim.gateway.fetchPayment(body.razorpay_payment_id)).toMatchObject({ status: 'authorized' });
    await expect(sim.gateway.capturePayment(body.razorpay_payment_id, 9_999, 'INR')).rejects.toMatchObject({
      status: 400,
      gatewayCode: 'BAD_REQUEST_ERROR',
    });
    expect(await sim.gateway.capturePayment(body.razorpay_payment_id, 10_000, 'INR')).toMatchObject({
      status: 'captured',
    });
    await expect(sim.gateway.capturePayment(body.razorpay_payment_id, 10_000, 'INR')).rejects.toThrow(
      /already been captured/,
    );
    await sim.simulator.webhooksIdle();
    expect(receiver.types(sim.gateway)).toEqual(['payment.authorized', 'payment.captured', 'order.paid']);
  });
});

describe('refunds', () => {
  it('a refund is pending, then processed (refund.processed), and listed with its notes', async () => {
    const { paymentId } = await paidOrder();
    const refund = await sim.gateway.refund({ paymentId, amountPaise: 5_000, notes: { refund_id: '17' } });
    expect(refund).toEqual({
      id: expect.stringMatching(/^rfnd_/),
      paymentId,
      amountPaise: 5_000,
      status: 'pending',
      notes: { refund_id: '17' },
    });
    await waitFor(() => receiver.received.length >= 5);
    await sim.simulator.webhooksIdle();
    expect(receiver.types(sim.gateway).slice(3)).toEqual(['refund.created', 'refund.processed']);
    expect(await sim.gateway.fetchRefunds(paymentId)).toEqual([{ ...refund, status: 'processed' }]);
  });

  it('refunds beyond what is left of the payment are refused; failed ones give the amount back', async () => {
    sim.simulator.settings({ refunds: 'failed' });
    const { paymentId } = await paidOrder(10_000);
    await sim.gateway.refund({ paymentId, amountPaise: 6_000, notes: { refund_id: '1' } });
    await expect(
      sim.gateway.refund({ paymentId, amountPaise: 4_001, notes: { refund_id: '2' } }),
    ).rejects.toBeInstanceOf(GatewayError);
    await waitFor(() => receiver.received.some((r) => r.body.includes('refund.failed')));
    const second = await sim.gateway.refund({ paymentId, amountPaise: 10_000, notes: { refund_id: '3' } });
    expect(second.status).toBe('pending');
    sim.simulator.settings({ refunds: 'pending' });
    const statuses = (await sim.gateway.fetchRefunds(paymentId)).map((r) => [r.notes.refund_id, r.status]);
    expect(statuses).toContainEqual(['1', 'failed']);
  });

  it('with refunds=pending a refund stays pending', async () => {
    sim.simulator.settings({ refunds: 'pending' });
    const { paymentId } = await paidOrder();
    await sim.gateway.refund({ paymentId, amountPaise: 100, notes: {} });
    await new Promise((r) => setTimeout(r, 100));
    expect((await sim.gateway.fetchRefunds(paymentId)).map((r) => r.status)).toEqual(['pending']);
  });
});

describe('failures', () => {
  it('an unknown id is a GatewayError with the status and Razorpay error code', async () => {
    const err = await sim.gateway.fetchPayment('pay_00000000000000').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayError);
    expect(err).toMatchObject({
      status: 400,
      gatewayCode: 'BAD_REQUEST_ERROR',
      message: expect.stringMatching(/does not exist/),
    });
  });

  it('a wrong key secret is refused with 401', async () => {
    const wrong = new RazorpayGateway({
      name: 'simulator',
      apiUrl: sim.simulator.url,
      ...SIMULATOR_KEYS,
      keySecret: 'nope',
    });
    await expect(wrong.createOrder({ amountPaise: 100, receipt: 'x' })).rejects.toMatchObject({ status: 401 });
  });

  it('a gateway that never answers fails with GatewayError after the timeout', async () => {
    const silent = http.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const slow = new RazorpayGateway({ name: 'razorpay', apiUrl: url, ...SIMULATOR_KEYS, timeoutMs: 200 });
    const started = Date.now();
    const err = await slow.fetchOrderPayments('order_x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayError);
    expect(err).toMatchObject({ status: null, message: expect.stringMatching(/timed out/) });
    expect(Date.now() - started).toBeLessThan(2000);
    silent.closeAllConnections();
    silent.close();
  });

  it('a second simulator on a taken port fails with a clear message', async () => {
    const port = Number(new URL(sim.simulator.url).port);
    await expect(startPaymentSimulator({ port })).rejects.toThrow(/port is in use \(set PAYMENT_SIMULATOR_PORT/);
  });
});
