/**
 * Edit Profile (docs/account-rules.md#profile): name, email and mobile, all required ("Please fill
 * in all fields"), with Update and Cancel. A changed mobile number is saved only after two OTPs are
 * entered in a small dialog: the one sent to the CURRENT number (so a stolen session alone cannot
 * move the account) and the one sent to the NEW number. Codes have the server's `otp_length` digits
 * ("Please enter a 6-digit OTP" otherwise); in demo mode the dialog shows the demo note and the
 * codes, as the sign-in dialog does.
 */
import { type FormEvent, useId, useState } from 'react';
import DemoCodeNote from '#features/auth/islands/DemoCodeNote.tsx';
import { AUTH_MESSAGES, cleanOtpInput, isOtpOfLength, otpLengthMessage, otpLengthOf } from '#features/auth/rules.ts';
import { ApiError } from '#lib/http/api-client.ts';
import { callRoute } from '#lib/http/client.ts';
import { buttonPrimary, buttonSecondary, Dialog, ErrorText } from '#lib/ui/controls.tsx';
import type { ProfileJson, updateProfileRoute, verifyPhoneRoute } from '../contract.ts';
import { profileSchema } from '../profile-schema.ts';
import { ACCOUNT_MESSAGES, phoneChangeCodesMessage } from '../rules.ts';

interface Props {
  profile: ProfileJson;
  onSaved: (profile: ProfileJson, message: string) => void;
  onCancel: () => void;
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
  } | null>(null);
  const [code, setCode] = useState('');
  const [currentCode, setCurrentCode] = useState('');
  const [otpError, setOtpError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const ids = { name: useId(), email: useId(), mobile: useId(), code: useId(), current: useId(), hint: useId() };
  // Demo mode sends no SMS: the codes are on screen, under the demo note.
  const onScreen = !!(otp?.demo && otp.currentDemo);
  const sentTo = onScreen ? 'for' : 'sent to';

  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

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
      const { data: res } = await callRoute<typeof updateProfileRoute>('POST /api/customer/update-profile', {
        body: parsed.data,
        fallbackMessage: ACCOUNT_MESSAGES.updateProfile,
      });
      if (res.otp_required) {
        setCode('');
        setCurrentCode('');
        setOtpError(null);
        setOtp({
          mobile: res.mobile,
          current: res.current_mobile,
          length: otpLengthOf(res),
          demo: res.demo_otp,
          currentDemo: res.current_demo_otp,
        });
      } else {
        onSaved({ user: res.user, account: res.account }, ACCOUNT_MESSAGES.profileUpdated);
      }
    } catch (err) {
      setError(err instanceof ApiError ? err.message : ACCOUNT_MESSAGES.updateProfile);
    } finally {
      setBusy(false);
    }
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (!otp || verifying) return;
    if (!isOtpOfLength(currentCode, otp.length) || !isOtpOfLength(code, otp.length)) {
      setOtpError(otpLengthMessage(otp.length));
      return;
    }
    setVerifying(true);
    setOtpError(null);
    try {
      const { data } = await callRoute<typeof verifyPhoneRoute>('POST /api/customer/verify-phone', {
        body: { mobile: otp.mobile, otp: code, current_otp: currentCode },
        fallbackMessage: ACCOUNT_MESSAGES.verifyPhone,
      });
      setOtp(null);
      onSaved(data, ACCOUNT_MESSAGES.phoneUpdated);
    } catch (err) {
      setOtpError(err instanceof ApiError ? err.message : ACCOUNT_MESSAGES.verifyPhone);
    } finally {
      setVerifying(false);
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
            {otp && phoneChangeCodesMessage(otp.current, otp.mobile, onScreen)}
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
              {otp ? `${otp.length}-digit OTP ${sentTo} ${otp.current}` : 'OTP'}
            </label>
            <input
              id={ids.current}
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
              {otp ? `${otp.length}-digit OTP ${sentTo} ${otp.mobile}` : 'OTP'}
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
          <div className="flex justify-end gap-2">
            <button type="button" className={buttonSecondary} onClick={() => setOtp(null)} disabled={verifying}>
              Cancel
            </button>
            <button type="submit" className={buttonPrimary} disabled={verifying} aria-busy={verifying}>
              {verifying ? 'Verifying...' : 'Verify'}
            </button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
