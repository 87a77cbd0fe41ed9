/**
 * The demo-mode note of an OTP step (ARCHITECTURE "demo conveniences say so on screen"): with the
 * console SMS sender the server returns the code, and this says no SMS was sent and shows it.
 * Used by the sign-in dialog and by Edit Profile's mobile-number check.
 */
import { AUTH_MESSAGES } from '../messages.ts';

/** "Demo shop: no SMS is sent…" and "Demo code: 1234", as a note named "Demo mode". */
export default function DemoCodeNote({ code }: { code: string }) {
  return (
    <div
      role="note"
      aria-label="Demo mode"
      className="rounded-lg border-2 border-dashed border-amber-500 bg-amber-50 px-3 py-2 text-sm text-amber-950"
    >
      <p className="font-semibold">{AUTH_MESSAGES.demoNote}</p>
      <p className="mt-1">
        Demo code: <strong className="font-mono text-base tracking-widest">{code}</strong>
      </p>
    </div>
  );
}
