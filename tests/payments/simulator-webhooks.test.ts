/**
 * The simulator's webhooks as the shop receives them: signed (RazorpayGateway.parseWebhook
 * verifies and parses each), delivered now, twice with one event id, late, never until flushed,
 * and again after an error answer; its settings changed through the control endpoint.
 */
import { describe, expect, it } from 'vitest';
import { simulatorForFile, waitFor } from './simulator-fixture.ts';

const sim = simulatorForFile();
const { receiver, pay, paidOrder } = sim;

describe('webhook delivery', () => {
  it('twice: every event arrives two times with the same event id', async () => {
    sim.simulator.settings({ webhooks: 'twice' });
    const before = Math.floor(Date.now() / 1000);
    await paidOrder();
    await sim.simulator.webhooksIdle();
    const events = receiver.events(sim.gateway);
    const ids = events.map((e) => e.eventId);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(3);
    // Each is dated when it was made (Unix seconds), inside the signature: the shop refuses stale ones.
    for (const e of events) expect(e.createdAt).toBeGreaterThanOrEqual(before);
    for (const e of events) expect(e.createdAt).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
  });

  it('late: nothing arrives before the delay; never: nothing until flushed', async () => {
    sim.simulator.settings({ webhooks: 'late', webhookDelayMs: 300 });
    await paidOrder();
    await new Promise((r) => setTimeout(r, 100));
    expect(receiver.received).toHaveLength(0);
    await waitFor(() => receiver.received.length === 3);
    sim.simulator.settings({ webhooks: 'never' });
    receiver.received.length = 0;
    await paidOrder();
    await new Promise((r) => setTimeout(r, 150));
    expect(receiver.received).toHaveLength(0);
    const res = await fetch(`${sim.simulator.url}/_simulator/webhooks/flush`, { method: 'POST' });
    expect(await res.json()).toEqual({ delivered: 3 });
    expect(receiver.types(sim.gateway).sort()).toEqual(['order.paid', 'payment.authorized', 'payment.captured']);
  });

  it('a delivery the shop answers with an error is tried again, with the same event id and body', async () => {
    receiver.statuses = [500, 503];
    const order = await sim.gateway.createOrder({ amountPaise: 100, receipt: 'FF-1005' });
    await pay(order.id, 'decline');
    await sim.simulator.webhooksIdle();
    expect(receiver.received.map((r) => r.eventId)).toEqual(Array(3).fill(receiver.received[0]!.eventId));
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
  });

  it('the control endpoint changes settings and refuses bad ones', async () => {
    const post = (body: unknown) =>
      fetch(`${sim.simulator.url}/_simulator/settings`, { method: 'POST', body: JSON.stringify(body) });
    expect(await (await post({ webhooks: 'never' })).json()).toMatchObject({ webhooks: 'never', refunds: 'processed' });
    expect((await post({ webhooks: 'sometimes' })).status).toBe(400);
    expect(sim.simulator.settings().webhooks).toBe('never');
  });
});
