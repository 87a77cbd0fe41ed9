/**
 * Large adjustments over HTTP, on every test server: a manager's credit above the limit answers 202
 * and waits; the manager's own approval is 403; the owner's applies it (200) and a second approval
 * is 409; a packer refused by role gets 403 before anything is read.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient } from '../helpers/api.ts';
import { DEMO_STAFF_PHONE, type StaffClient, staffClient } from './staff-helpers.ts';

describe.each(inject('servers'))('adjustment approvals over HTTP on $kind', ({ baseUrl }) => {
  let owner: StaffClient;
  let manager: StaffClient;
  let packer: StaffClient;
  let customerId: number;
  beforeAll(async () => {
    [owner, manager, packer] = await Promise.all([
      staffClient(baseUrl, DEMO_STAFF_PHONE.owner),
      staffClient(baseUrl, DEMO_STAFF_PHONE.manager),
      staffClient(baseUrl, DEMO_STAFF_PHONE.packer),
    ]);
    const { phone } = await new ApiClient(baseUrl).signUp();
    const found = await manager.get(`/api/admin/customers?q=${encodeURIComponent(phone)}`);
    customerId = found.body.data.customers[0].id;
  });

  it('keeps a manager’s large credit waiting until the owner approves it, once', async () => {
    const asked = await manager.post(`/api/admin/customers/${customerId}/credit`, {
      json: { amount_paise: 500_000, reason: 'Spoilt wedding order', idempotency_key: `api-${crypto.randomUUID()}` },
    });
    expect(asked.status).toBe(202);
    expect(asked.body.message).toBe('Waiting for approval: another owner or manager must approve it.');
    const id = asked.body.data.approval.id;
    const before = asked.body.data.customer.creditBalancePaise;

    const listed = await owner.get(`/api/admin/balance-approvals?customer_id=${customerId}`);
    expect(listed.body.data.approvals.map((a: { id: number }) => a.id)).toEqual([id]);

    const own = await manager.post(`/api/admin/balance-approvals/${id}/approve`);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('You asked for this adjustment: another owner or manager must approve or reject it.');
    expect((await packer.post(`/api/admin/balance-approvals/${id}/approve`)).status).toBe(403);

    const approved = await owner.post(`/api/admin/balance-approvals/${id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.data.customer.creditBalancePaise).toBe(before + 500_000);
    const again = await owner.post(`/api/admin/balance-approvals/${id}/approve`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This adjustment was already approved.');
  });
});
