/**
 * The back office's slots (/admin/slots): each zone's slots for the next 7 days, day by day,
 * with capacity, booked and left; a slot's capacity changed in place (never below its booked
 * orders: the server says why) and a slot closed or reopened. Results are announced.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { callRoute } from '#lib/http/client.ts';
import { adminFailure } from '#lib/ui/admin-errors.ts';
import { buttonPrimary, buttonSecondary } from '#lib/ui/controls.tsx';
import { ScrollRegion } from '#lib/ui/ScrollRegion.tsx';
import type { adminSlotsRoute, updateAdminSlotRoute } from '../contract.ts';

type Zones = Awaited<ReturnType<typeof load>>;
type AdminSlot = Zones[number]['slots'][number];

const load = async () => (await callRoute<typeof adminSlotsRoute>('GET /api/admin/slots', {})).data.zones;

function SlotRow({ zoneId, slot, onSaved }: { zoneId: string; slot: AdminSlot; onSaved: (s: AdminSlot) => void }) {
  const [capacity, setCapacity] = useState(String(slot.capacity));
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function send(body: { capacity?: number; closed?: boolean }, done: string) {
    setBusy(true);
    try {
      const { data } = await callRoute<typeof updateAdminSlotRoute>('PATCH /api/admin/slots/{zone}/{slot}', {
        params: { zone: zoneId, slot: slot.id },
        body,
      });
      onSaved(data.slot);
      setCapacity(String(data.slot.capacity));
      setStatus({ error: false, text: done });
    } catch (err) {
      setStatus({ error: true, text: adminFailure(err) });
    } finally {
      setBusy(false);
    }
  }

  function resize(event: FormEvent) {
    event.preventDefault();
    const n = /^\d{1,4}$/.test(capacity.trim()) ? Number(capacity.trim()) : null;
    if (n === null) return setStatus({ error: true, text: 'The capacity must be a whole number, 0 or more.' });
    void send({ capacity: n }, `Capacity set to ${n}.`);
  }

  return (
    <tr className="border-t border-slate-200 align-top">
      <th scope="row" className="px-2 py-2 font-medium text-slate-900">
        {slot.window}
        <span className="block text-xs font-normal text-slate-600">
          {slot.status === 'open' ? 'Open' : slot.reason}
        </span>
      </th>
      <td className="px-2 py-2">
        <form noValidate onSubmit={resize} className="flex items-center gap-2">
          <label htmlFor={`${id}-cap`} className="sr-only">
            Capacity of {slot.day} {slot.window}
          </label>
          <input
            id={`${id}-cap`}
            inputMode="numeric"
            className="h-10 w-16 rounded-md border border-slate-400 px-2 text-base"
            value={capacity}
            onChange={(e) => setCapacity(e.target.value)}
          />
          <button type="submit" className={`${buttonSecondary} h-10 px-3`} disabled={busy}>
            Set
            <span className="sr-only">
              {' '}
              capacity of {slot.day} {slot.window}
            </span>
          </button>
        </form>
      </td>
      <td className="px-2 py-2 text-center">{slot.booked}</td>
      <td className="px-2 py-2 text-center">{slot.left}</td>
      <td className="px-2 py-2">
        <button
          type="button"
          className={`${slot.closedByShop ? buttonPrimary : buttonSecondary} h-10 px-3`}
          disabled={busy}
          onClick={() =>
            void send({ closed: !slot.closedByShop }, slot.closedByShop ? 'Slot reopened.' : 'Slot closed.')
          }
        >
          {slot.closedByShop ? 'Reopen' : 'Close'}
          <span className="sr-only">
            {' '}
            {slot.day} {slot.window}
          </span>
        </button>
        <p role="status" className={`mt-1 text-xs ${status?.error ? 'text-red-700' : 'text-slate-700'}`}>
          {status?.text}
        </p>
      </td>
    </tr>
  );
}

export default function AdminSlots() {
  const [zones, setZones] = useState<Zones | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    load()
      .then(setZones)
      .catch((err) => setError(adminFailure(err)));
  }, []);

  if (!zones) return <p role="status">{error ?? 'Loading…'}</p>;
  const saved = (zoneId: string) => (slot: AdminSlot) =>
    setZones((zs) =>
      zs!.map((z) => (z.zoneId === zoneId ? { ...z, slots: z.slots.map((s) => (s.id === slot.id ? slot : s)) } : z)),
    );
  return (
    <div className="flex flex-col gap-8">
      {zones.map((zone) => {
        const days = [...new Set(zone.slots.map((s) => s.date))];
        return (
          <section key={zone.zoneId} aria-labelledby={`zone-${zone.zoneId}`} className="min-w-0">
            <h2 id={`zone-${zone.zoneId}`} className="text-xl font-semibold text-slate-900">
              {zone.zoneName}
            </h2>
            {days.map((date) => {
              const slots = zone.slots.filter((s) => s.date === date);
              return (
                <ScrollRegion
                  key={date}
                  label={`${zone.zoneName}, ${slots[0]!.day}`}
                  className="mt-3 rounded-lg border border-slate-200 bg-white"
                >
                  <table className="w-full min-w-[22rem] text-left text-sm">
                    <caption className="bg-slate-100 px-2 py-2 text-left font-semibold text-slate-900 capitalize">
                      {slots[0]!.day} <span className="font-normal text-slate-700">({date})</span>
                    </caption>
                    <thead className="text-slate-800">
                      <tr>
                        <th scope="col" className="px-2 py-1">
                          Slot
                        </th>
                        <th scope="col" className="px-2 py-1">
                          Capacity
                        </th>
                        <th scope="col" className="px-2 py-1 text-center">
                          Booked
                        </th>
                        <th scope="col" className="px-2 py-1 text-center">
                          Left
                        </th>
                        <th scope="col" className="px-2 py-1">
                          Orders
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {slots.map((slot) => (
                        <SlotRow key={slot.id} zoneId={zone.zoneId} slot={slot} onSaved={saved(zone.zoneId)} />
                      ))}
                    </tbody>
                  </table>
                </ScrollRegion>
              );
            })}
          </section>
        );
      })}
    </div>
  );
}
