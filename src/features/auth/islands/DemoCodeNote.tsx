/**
 * The demo-mode note of an OTP step (a demo convenience says so on screen, ADR 0055): with the
 * console SMS sender the server returns the code, and this says no SMS was sent and shows it.
 * Used by the sign-in dialog and by Edit Profile's mobile-number check.
 */
import { formatPhone } from '#lib/phone.ts';
import { AUTH_MESSAGES } from '../messages.ts';

/**
 * "Demo shop: no SMS is sent…" and "Demo code: 1234", as a note named "Demo mode"; with `codes`,
 * one line per code and whom it was sent to (Edit Profile's two codes of a number change).
 */
export default function DemoCodeNote({ code, codes }: { code?: string; codes?: { to: string; code: string }[] }) {
  const lines = codes ?? (code ? [{ to: '', code }] : []);
  return (
    <div
      role="note"
      aria-label="Demo mode"
      className="rounded-lg border-2 border-dashed border-amber-500 bg-amber-50 px-3 py-2 text-sm text-amber-950"
    >
      <p className="font-semibold">{AUTH_MESSAGES.demoNote}</p>
      {lines.map((l) => (
        <p key={l.to + l.code} className="mt-1">
          Demo code{l.to ? ` for ${formatPhone(l.to)}` : ''}:{' '}
          <strong className="font-mono text-base tracking-widest">{l.code}</strong>
        </p>
      ))}
    </div>
  );
}
