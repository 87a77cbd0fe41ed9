/**
 * The back office's customers (/admin/customers): find one by mobile or name, then their
 * balances, orders, addresses and the credit and points ledgers, and forms to adjust credit or
 * points with a reason. Each adjustment carries an idempotency key made when the form is filled
 * and kept until it succeeds, so a retried Save never adjusts twice. Adjustments above the
 * approval limit wait in "Adjustments waiting for approval" (all customers) and in the open
 * customer's "Waiting for approval" for another owner or manager (ADR 0116). Results are announced.
 */
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { callRoute } from '#lib/http/client.ts';
import { formatPhone } from '#lib/phone.ts';
import { adminFailure } from '#lib/ui/admin-errors.ts';
import { buttonPrimary } from '#lib/ui/controls.tsx';
import {
  type AdminCustomer,
  type AdminCustomerHit,
  attemptsText,
  type BalanceApproval,
  customerQueryOk,
  ordersText,
} from '../admin-customer-rules.ts';
import type {
  adminCustomerRoute,
  adminCustomersRoute,
  approveAdjustmentRoute,
  balanceApprovalsRoute,
  cancelAdjustmentRoute,
  rejectAdjustmentRoute,
} from '../contract.ts';
import { ApprovalList, approvalChange, type Decision } from './ApprovalList.tsx';
import { adminInput as input } from './admin-customer-format.ts';
import { CustomerDetail } from './CustomerDetail.tsx';

const DONE: Record<Decision, string> = { approve: 'Approved and applied', reject: 'Rejected', cancel: 'Cancelled' };

/** `staffId`: the signed-in staff member; `canApprove`: whether their role approves others' adjustments. */
export default function AdminCustomers({ staffId, canApprove }: { staffId: number; canApprove: boolean }) {
  const [q, setQ] = useState('');
  const [hits, setHits] = useState<AdminCustomerHit[] | null>(null);
  const [customer, setCustomer] = useState<AdminCustomer | null>(null);
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(null);
  const [approvals, setApprovals] = useState<BalanceApproval[]>([]);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const loadApprovals = useCallback(async () => {
    try {
      const { data } = await callRoute<typeof balanceApprovalsRoute>('GET /api/admin/balance-approvals', {
        query: { status: 'pending' },
      });
      setApprovals(data.approvals);
    } catch (err) {
      setStatus({ error: true, text: adminFailure(err) });
    }
  }, []);
  useEffect(() => {
    void loadApprovals();
  }, [loadApprovals]);

  async function decide(approval: BalanceApproval, decision: Decision) {
    setBusy(true);
    try {
      const input = { params: { id: approval.id } };
      const { data } =
        decision === 'approve'
          ? await callRoute<typeof approveAdjustmentRoute>('POST /api/admin/balance-approvals/{id}/approve', input)
          : decision === 'reject'
            ? await callRoute<typeof rejectAdjustmentRoute>('POST /api/admin/balance-approvals/{id}/reject', input)
            : await callRoute<typeof cancelAdjustmentRoute>('POST /api/admin/balance-approvals/{id}/cancel', input);
      if (customer?.id === data.customer.id) setCustomer(data.customer);
      setStatus({
        error: false,
        text: `${DONE[decision]}: ${approvalChange(approval)} for ${approval.customerName ?? 'No name'}.`,
      });
    } catch (err) {
      setStatus({ error: true, text: adminFailure(err) });
    } finally {
      setBusy(false);
      await loadApprovals();
    }
  }

  async function search(event: FormEvent) {
    event.preventDefault();
    if (!customerQueryOk(q))
      return setStatus({ error: true, text: 'Type at least 2 letters of a name or 3 digits of a mobile number.' });
    try {
      const { data } = await callRoute<typeof adminCustomersRoute>('GET /api/admin/customers', { query: { q } });
      setHits(data.customers);
      setStatus({ error: false, text: `${data.customers.length} found.` });
    } catch (err) {
      setStatus({ error: true, text: adminFailure(err) });
    }
  }

  async function open(customerId: number) {
    try {
      const { data } = await callRoute<typeof adminCustomerRoute>('GET /api/admin/customers/{id}', {
        params: { id: customerId },
      });
      setCustomer(data.customer);
      setStatus(null);
    } catch (err) {
      setStatus({ error: true, text: adminFailure(err) });
    }
  }

  const listProps = { staffId, canApprove, busy, onDecide: (a: BalanceApproval, d: Decision) => void decide(a, d) };
  return (
    <div className="flex flex-col gap-6">
      <ApprovalList title="Adjustments waiting for approval" approvals={approvals} showCustomer {...listProps} />
      <form aria-label="Find a customer" noValidate onSubmit={search} className="flex flex-wrap items-end gap-3">
        <label className="min-w-[14rem] flex-1 text-sm font-medium text-slate-800" htmlFor={`${id}-q`}>
          Mobile number or name
          <input id={`${id}-q`} type="search" className={input} value={q} onChange={(e) => setQ(e.target.value)} />
        </label>
        <button type="submit" className={`${buttonPrimary} h-10 px-4`}>
          Find
        </button>
      </form>
      <p role="status" className={`text-sm ${status?.error ? 'text-red-700' : 'text-slate-700'}`}>
        {status?.text}
      </p>
      {hits && hits.length > 0 && (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {hits.map((h) => (
            <li key={h.id}>
              <button
                type="button"
                className="flex w-full flex-wrap justify-between gap-2 px-3 py-3 text-left hover:bg-slate-50"
                aria-current={customer?.id === h.id ? true : undefined}
                onClick={() => void open(h.id)}
              >
                <span className="font-medium text-slate-900">{h.name ?? 'No name'}</span>
                <span className="text-slate-700">
                  {h.phone && formatPhone(h.phone)} · {ordersText(h.ordersCount)}
                  {h.attemptsCount > 0 && ` · ${attemptsText(h.attemptsCount)}`}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {customer && (
        <CustomerDetail
          customer={customer}
          onAdjusted={(c, text, waiting) => {
            setCustomer(c);
            setStatus({ error: false, text });
            if (waiting) void loadApprovals();
          }}
          waiting={
            approvals.some((a) => a.customerId === customer.id) && (
              <ApprovalList
                title="Waiting for approval"
                approvals={approvals.filter((a) => a.customerId === customer.id)}
                showCustomer={false}
                {...listProps}
              />
            )
          }
        />
      )}
    </div>
  );
}
