/**
 * The auth dialog's OTP step (docs/sign-in-rules.md#the-dialogs): where the code went, the demo
 * note in demo mode, the code field (the server's `otp_length` digits, digits only), Verify OTP,
 * Change number and Resend OTP (disabled while a Retry-After runs); Verify OTP is disabled while a
 * wrong-code lock holds the number. Presentational: state in
 * use-auth-flow.ts.
 */
import type { FormEvent } from 'react';
import { resendLabel } from '../rules.ts';
import { ErrorBox, inputClass, primaryClass } from './auth-forms.tsx';
import DemoCodeNote from './DemoCodeNote.tsx';
import type { AuthFlowState, PendingOtp } from './use-auth-flow.ts';

const linkButtonClass =
  'text-sm font-semibold text-brand-700 underline-offset-2 hover:underline disabled:cursor-not-allowed disabled:text-slate-500 disabled:no-underline';

interface Props {
  state: AuthFlowState;
  pending: PendingOtp;
  /** Id of the code field (the dialog focuses it). */
  otpId: string;
  errorId: string;
  waitSeconds: number;
  onOtp: (value: string) => void;
  verify: (event: FormEvent) => void;
  resend: () => void;
  changeNumber: () => void;
}

/** The code form. */
export default function OtpStep({
  state,
  pending,
  otpId,
  errorId,
  waitSeconds,
  onOtp,
  verify,
  resend,
  changeNumber,
}: Props) {
  const { error, busy } = state;
  return (
    <form noValidate onSubmit={verify} className="mt-4 flex flex-col gap-4">
      <p role="status" className="text-sm text-slate-700">
        {state.info}
      </p>
      {pending.demo && <DemoCodeNote code={pending.demo} />}
      <div>
        <label htmlFor={otpId} className="mb-1 block text-sm font-medium text-slate-800">
          {pending.length}-digit OTP
        </label>
        <input
          id={otpId}
          className={`${inputClass} text-center font-mono text-xl tracking-[0.5em]`}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={pending.length}
          value={state.otp}
          onChange={(e) => onOtp(e.target.value)}
          aria-invalid={!!error}
          aria-describedby={error ? errorId : undefined}
        />
      </div>
      <ErrorBox id={errorId} message={error} />
      <button
        type="submit"
        disabled={busy || state.locked || state.spent}
        aria-describedby={state.spent && error ? errorId : undefined}
        className={primaryClass}
      >
        {busy ? 'Verifying...' : 'Verify OTP'}
      </button>
      <div className="flex items-center justify-between gap-2">
        <button type="button" className={linkButtonClass} onClick={changeNumber}>
          Change number
        </button>
        <button type="button" className={linkButtonClass} disabled={busy || waitSeconds > 0} onClick={resend}>
          {resendLabel(waitSeconds)}
        </button>
      </div>
    </form>
  );
}
