/**
 * The staff sign-in form (/admin/login): mobile number, then the code sent to it (in demo mode the
 * code is shown on screen under the demo note, as the customers' dialog does), then on to `next`. Errors are
 * announced; a throttled send says how long to wait. Send code is enabled once the form is
 * hydrated, keeping a number typed before. A wrong code says how many tries are left ("Invalid OTP.
 * 3 tries left."). A code that can no longer be used (killed by wrong tries, expired or replaced,
 * or a 429 lock) leaves the screen with its "shown on screen" line, as in the customers' dialog;
 * the message asks for a new one, which Resend code sends. While the wrong-code lock holds the
 * number (`data.otp_locked`, on a check or a resend), Sign in is disabled and described by the
 * lock's message, which says when to try again; a code sent again enables it.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import DemoCodeNote from '#features/auth/islands/DemoCodeNote.tsx';
import { ApiError } from '#lib/http/api-client.ts';
import { callRoute } from '#lib/http/client.ts';
import { buttonPrimary, buttonSecondary, ErrorText } from '#lib/ui/controls.tsx';
import { withTriesLeft } from '#lib/ui/tries-left.ts';
import type { staffLoginRoute, staffOtpRoute } from '../contract.ts';
import { staffCodeSentMessage } from '../messages.ts';

/**
 * Whether a failed check means the code can no longer be used: the server says so
 * (`data.otp_spent`), or this number is locked against more tries from here (429).
 */
function codeIsSpent(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  return err.status === 429 || (err.data as { otp_spent?: unknown } | undefined)?.otp_spent === true;
}

/** Whether a failure is the wrong-code lock: no code for this number is checked (or sent) from here for a while. */
function isLocked(err: unknown): boolean {
  return err instanceof ApiError && (err.data as { otp_locked?: unknown } | undefined)?.otp_locked === true;
}

const inputClass =
  'block h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900 focus:border-brand-700';

export default function AdminLogin({ next }: { next: string }) {
  const [mobile, setMobile] = useState('');
  const [sent, setSent] = useState<{
    length: number;
    demo?: string;
    /** Sent by Resend code. */
    again?: boolean;
    /** Can no longer be used: off the screen, a new one asked for. */
    spent?: boolean;
    /** The wrong-code lock holds the number: Sign in is disabled until a code is sent again. */
    locked?: boolean;
  } | null>(null);
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  // What the form is waiting for: a code being sent, or one being checked.
  const [busy, setBusy] = useState<'sending' | 'checking' | null>(null);
  const mobileId = useId();
  const otpId = useId();
  const errorId = useId();
  const otpRef = useRef<HTMLInputElement>(null);
  const mobileRef = useRef<HTMLInputElement>(null);
  // The server renders Send code disabled: a tap before the form can handle it would reload the
  // page and lose the number. A number typed before then is taken as typed.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    const typed = mobileRef.current?.value;
    if (typed) setMobile(typed);
    setHydrated(true);
  }, []);

  const fail = (err: unknown) =>
    setError(
      err instanceof ApiError ? withTriesLeft(err.message, err.data) : 'Something went wrong. Please try again.',
    );

  async function send(event?: FormEvent) {
    event?.preventDefault();
    setError(null);
    setBusy('sending');
    try {
      const { data } = await callRoute<typeof staffOtpRoute>('POST /api/admin/login/otp', { body: { mobile } });
      setSent({ length: data.otp_length, demo: data.demo_otp, again: !!sent });
      setOtp('');
      requestAnimationFrame(() => otpRef.current?.focus());
    } catch (err) {
      // Resend refused by the wrong-code lock: the code on screen cannot be checked either.
      if (isLocked(err) && sent) {
        setSent({ length: sent.length, spent: true, locked: true });
        setOtp('');
      }
      fail(err);
    } finally {
      setBusy(null);
    }
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (sent?.spent) return;
    setError(null);
    setBusy('checking');
    try {
      await callRoute<typeof staffLoginRoute>('POST /api/admin/login', { body: { mobile, otp } });
      window.location.assign(next);
    } catch (err) {
      // A dead code (demo mode shows it) leaves the screen with the line saying where it is.
      if (codeIsSpent(err) && sent) {
        setSent({ length: sent.length, spent: true, locked: isLocked(err) });
        setOtp('');
      }
      fail(err);
      setBusy(null);
    }
  }

  if (!sent) {
    return (
      <form noValidate onSubmit={send} className="flex flex-col gap-4">
        <div>
          <label htmlFor={mobileId} className="mb-1 block text-sm font-medium text-slate-800">
            Mobile number
          </label>
          <input
            ref={mobileRef}
            id={mobileId}
            className={inputClass}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            value={mobile}
            onChange={(e) => setMobile(e.target.value)}
            aria-invalid={!!error}
          />
        </div>
        <ErrorText message={error} className="" />
        <button type="submit" className={buttonPrimary} disabled={!!busy || !hydrated} aria-busy={!!busy}>
          {busy ? 'Sending…' : 'Send code'}
        </button>
      </form>
    );
  }
  return (
    <form noValidate onSubmit={verify} className="flex flex-col gap-4">
      <p role="status" className="text-sm text-slate-700">
        {sent.spent ? '' : staffCodeSentMessage(mobile, !!sent.demo, sent.length, sent.again)}
      </p>
      {sent.demo && <DemoCodeNote code={sent.demo} />}
      <div>
        <label htmlFor={otpId} className="mb-1 block text-sm font-medium text-slate-800">
          {sent.length}-digit code
        </label>
        <input
          id={otpId}
          ref={otpRef}
          className={`${inputClass} text-center font-mono text-xl tracking-[0.5em]`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={sent.length}
          value={otp}
          onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
          aria-invalid={!!error}
        />
      </div>
      <ErrorText id={errorId} message={error} className="" />
      {/* Spent or locked: the message above says why, and Resend code (or the lock's wait) what next. */}
      <button
        type="submit"
        className={buttonPrimary}
        disabled={!!busy || !!sent.spent}
        aria-busy={busy === 'checking'}
        aria-describedby={sent.spent && error ? errorId : undefined}
      >
        {busy === 'checking' ? 'Checking…' : 'Sign in'}
      </button>
      <button
        type="button"
        className={buttonSecondary}
        onClick={() => send()}
        disabled={!!busy}
        aria-busy={busy === 'sending'}
      >
        {busy === 'sending' ? 'Sending…' : 'Resend code'}
      </button>
      <button type="button" className={buttonSecondary} onClick={() => setSent(null)} disabled={!!busy}>
        Change number
      </button>
    </form>
  );
}
