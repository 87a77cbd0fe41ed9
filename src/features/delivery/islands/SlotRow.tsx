/**
 * An order's delivery slot as a name–value pair of a <dl>: the orders list, tracking.
 * Nothing for orders placed before slots.
 */
interface Props {
  slot: { label: string } | null | undefined;
  /** Classes of the value (the lists align it differently). */
  valueClass?: string;
}

export default function SlotRow({ slot, valueClass = 'text-right text-slate-900' }: Props) {
  if (!slot) return null;
  return (
    <>
      <dt className="text-slate-600">Delivery slot</dt>
      <dd className={valueClass}>{slot.label}</dd>
    </>
  );
}
