/**
 * Edit Profile (docs/account-rules.md#profile): name, email and mobile, all required ("Please fill
 * in all fields"), with Update and Cancel. A changed mobile number is saved only after two OTPs are
 * entered in a small dialog: the one sent to the CURRENT number (so a stolen session alone cannot
 * move the account) and the one sent to the NEW number. Codes have the server's `otp_length` digits
 * ("Please enter a 6-digit OTP" otherwise); in demo mode the dialog shows the demo note and the
 * codes, as the sign-in dialog does. A wrong code's message says how many tries are left ("Invalid
 * OTP. 4 tries left."). Codes that can no longer be used (one killed by wrong tries,
 * expired, or a 429 lock) leave the screen with the line saying where they are, and Resend OTPs
 * sends both again.
 */
import { type FormEvent, useId, useRef, useState } from 'react';
import DemoCodeNote from '#features/auth/islands/DemoCodeNote.tsx';
import { AUTH_MESSAGES, cleanOtpInput, isOtpOfLength, otpLengthMessage, otpLengthOf } from '#features/auth/rules.ts';
import { ApiError } from '#lib/http/api-client.ts';
import { callRoute } from '#lib/http/client.ts';
import { formatPhone } from '#lib/phone.ts';
import { buttonPrimary, buttonSecondary, Dialog, ErrorText } from '#lib/ui/controls.tsx';
import { withTriesLeft } from '#lib/ui/tries-left.ts';
import type { ProfileJson, updateProfileRoute, verifyPhoneRoute } from '../contract.ts';
import { type ProfileInput, profileSchema } from '../profile-schema.ts';
import { ACCOUNT_MESSAGES, phoneChangeCodesMessage } from '../rules.ts';

interface Props {
  profile: ProfileJson;
  onSaved: (profile: ProfileJson, message: string) => void;
  onCancel: () => void;
}

/**
 * Whether a failed check means the codes can no longer be used: the server says so
 * (`data.otp_spent`), or this number is locked against more tries from here (429).
 */
function codesAreSpent(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  return err.status === 429 || (err.data as { otp_spent?: unknown } | undefined)?.otp_spent === true;
}

const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

/** The Edit Profile form with its OTP dialog. */
export default function EditProfileForm({ profile, onSaved, onCancel }: Props) {
  const [values, setValues] = useState({
    name: profile.user.name,
    email: profile.user.email,
    mobile: profile.user.mobile,
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [otp, setOtp] = useState<{
    mobile: string;
    current: string;
    length: number;
    demo?: string;
    currentDemo?: string;
    /** Demo mode: the codes were shown on screen, not sent. */
    onScreen: boolean;
    /** Can no longer be used: off the screen, new ones asked for. */
    spent?: boolean;
  } | null>(null);
  const [code, setCode] = useState('');
  const [currentCode, setCurrentCode] = useState('');
  const [otpError, setOtpError] = useState<string | null>(null);
  // What the OTP dialog is waiting for: the codes being checked, or new ones being sent.
  const [verifying, setVerifying] = useState<'checking' | 'sending' | null>(null);
  const ids = { name: useId(), email: useId(), mobile: useId(), code: useId(), current: useId(), hint: useId() };
  const currentRef = useRef<HTMLInputElement>(null);
  const sentTo = otp?.onScreen ? 'for' : 'sent to';

  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  /**
   * Saves the form; a changed mobile number opens (or, from Resend OTPs, refreshes) the OTP dialog
   * with the codes just sent. Throws the server's refusal.
   */
  async function update(profile: ProfileInput) {
    const { data: res } = await callRoute<typeof updateProfileRoute>('POST /api/customer/update-profile', {
      body: profile,
      fallbackMessage: ACCOUNT_MESSAGES.updateProfile,
    });
    if (res.otp_required) {
      setCode('');
      setCurrentCode('');
      setOtpError(null);
      // Demo mode sends no SMS: the codes are on screen, under the demo note.
      setOtp({
        mobile: res.mobile,
        current: res.current_mobile,
        length: otpLengthOf(res),
        demo: res.demo_otp,
        currentDemo: res.current_demo_otp,
        onScreen: !!(res.demo_otp && res.current_demo_otp),
      });
    } else {
      setOtp(null);
      onSaved({ user: res.user, account: res.account }, ACCOUNT_MESSAGES.profileUpdated);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = profileSchema.safeParse(values);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? AUTH_MESSAGES.fillAll);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await update(parsed.data);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : ACCOUNT_MESSAGES.updateProfile);
    } finally {
      setBusy(false);
    }
  }

  /** Resend OTPs: the same change asked for again, which sends both codes anew. */
  async function resend() {
    if (!otp || verifying) return;
    const parsed = profileSchema.safeParse(values);
    if (!parsed.success) return;
    setVerifying('sending');
    setOtpError(null);
    try {
      await update(parsed.data);
      requestAnimationFrame(() => currentRef.current?.focus());
    } catch (err) {
      setOtpError(err instanceof ApiError ? err.message : ACCOUNT_MESSAGES.updateProfile);
    } finally {
      setVerifying(null);
    }
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (!otp || verifying) return;
    if (!isOtpOfLength(currentCode, otp.length) || !isOtpOfLength(code, otp.length)) {
      setOtpError(otpLengthMessage(otp.length));
      return;
    }
    setVerifying('checking');
    setOtpError(null);
    try {
      const { data } = await callRoute<typeof verifyPhoneRoute>('POST /api/customer/verify-phone', {
        body: { mobile: otp.mobile, otp: code, current_otp: currentCode },
        fallbackMessage: ACCOUNT_MESSAGES.verifyPhone,
      });
      setOtp(null);
      onSaved(data, ACCOUNT_MESSAGES.phoneUpdated);
    } catch (err) {
      // Dead codes (demo mode shows them) leave the screen with the line saying where they are.
      if (codesAreSpent(err)) {
        setOtp({ ...otp, demo: undefined, currentDemo: undefined, spent: true });
        setCode('');
        setCurrentCode('');
      }
      // A wrong code says how many tries are left ("Invalid OTP. 3 tries left.").
      setOtpError(err instanceof ApiError ? withTriesLeft(err.message, err.data) : ACCOUNT_MESSAGES.verifyPhone);
    } finally {
      setVerifying(null);
    }
  }

  return (
    <>
      <form onSubmit={submit} noValidate className="space-y-4" aria-label="Edit Profile">
        <div>
          <label htmlFor={ids.name} className="text-sm font-medium text-slate-700">
            Name
          </label>
          <input
            id={ids.name}
            name="name"
            autoComplete="name"
            required
            value={values.name}
            onChange={set('name')}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={ids.email} className="text-sm font-medium text-slate-700">
            Email
          </label>
          <input
            id={ids.email}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={set('email')}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={ids.mobile} className="text-sm font-medium text-slate-700">
            Mobile Number
          </label>
          <input
            id={ids.mobile}
            name="mobile"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            required
            value={values.mobile}
            onChange={set('mobile')}
            className={inputClass}
          />
          <p className="mt-1 text-xs text-slate-600">
            A new number is confirmed with two OTPs: one sent to your current number and one to the new number.
          </p>
        </div>
        <ErrorText message={error} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonPrimary} disabled={busy} aria-busy={busy}>
            {busy ? 'Updating...' : 'Update'}
          </button>
          <button type="button" className={buttonSecondary} onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        </div>
      </form>

      <Dialog open={otp !== null} title="Verify Mobile Number" onClose={() => setOtp(null)} describedBy={ids.hint}>
        <form onSubmit={verify} noValidate className="space-y-3">
          <p id={ids.hint} className="text-sm text-slate-700">
            {otp && !otp.spent && phoneChangeCodesMessage(otp.current, otp.mobile, otp.onScreen)}
          </p>
          {otp?.demo && otp.currentDemo && (
            <DemoCodeNote
              codes={[
                { to: otp.current, code: otp.currentDemo },
                { to: otp.mobile, code: otp.demo },
              ]}
            />
          )}
          <div>
            <label htmlFor={ids.current} className="text-sm font-medium text-slate-700">
              {otp ? `${otp.length}-digit OTP ${sentTo} ${formatPhone(otp.current)}` : 'OTP'}
            </label>
            <input
              id={ids.current}
              ref={currentRef}
              name="current_otp"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={otp?.length}
              value={currentCode}
              onChange={(e) => setCurrentCode(cleanOtpInput(e.target.value, otp?.length))}
              className={`${inputClass} font-mono tracking-widest`}
              autoFocus
            />
          </div>
          <div>
            <label htmlFor={ids.code} className="text-sm font-medium text-slate-700">
              {otp ? `${otp.length}-digit OTP ${sentTo} ${formatPhone(otp.mobile)}` : 'OTP'}
            </label>
            <input
              id={ids.code}
              name="otp"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={otp?.length}
              value={code}
              onChange={(e) => setCode(cleanOtpInput(e.target.value, otp?.length))}
              className={`${inputClass} font-mono tracking-widest`}
            />
          </div>
          <ErrorText message={otpError} />
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className={buttonSecondary} onClick={() => setOtp(null)} disabled={!!verifying}>
              Cancel
            </button>
            <button
              type="button"
              className={buttonSecondary}
              onClick={resend}
              disabled={!!verifying}
              aria-busy={verifying === 'sending'}
            >
              {verifying === 'sending' ? 'Sending...' : 'Resend OTPs'}
            </button>
            <button type="submit" className={buttonPrimary} disabled={!!verifying} aria-busy={verifying === 'checking'}>
              {verifying === 'checking' ? 'Verifying...' : 'Verify'}
            </button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
