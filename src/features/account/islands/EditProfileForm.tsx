/**
 * Edit Profile (spec 001 §2, §5): name, email and mobile, all required ("Please fill in all
 * fields"), with Update and Cancel. A changed mobile number is saved only after the OTP sent to
 * the NEW number is entered in a small dialog, which shows the demo code when the server sends one.
 */
import { useId, useState, type FormEvent } from 'react';
import { apiSend, ApiError } from '../../../lib/http/api-client.ts';
import { ACCOUNT_MESSAGES, profileSchema } from '../rules.ts';
import { Dialog, ErrorText, buttonPrimary, buttonSecondary, type ProfileJson } from './account-ui.tsx';

interface Props {
  profile: ProfileJson;
  onSaved: (profile: ProfileJson, message: string) => void;
  onCancel: () => void;
}

type UpdateAnswer = ProfileJson & { otp_required: boolean; mobile?: string; demo_otp?: string };

const inputClass = 'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

/** The Edit Profile form with its OTP dialog. */
export default function EditProfileForm({ profile, onSaved, onCancel }: Props) {
  const [values, setValues] = useState({ name: profile.user.name, email: profile.user.email, mobile: profile.user.mobile });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [otp, setOtp] = useState<{ mobile: string; demo?: string; message: string } | null>(null);
  const [code, setCode] = useState('');
  const [otpError, setOtpError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const ids = { name: useId(), email: useId(), mobile: useId(), code: useId(), hint: useId() };

  const set = (key: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = profileSchema.safeParse(values);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ACCOUNT_MESSAGES.fillAll);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const res = await apiSend<UpdateAnswer>('/api/customer/update-profile', { body: parsed.data, fallbackMessage: 'Failed to update profile.' });
      if (res.otp_required) {
        setCode('');
        setOtpError(null);
        setOtp({ mobile: res.mobile ?? parsed.data.mobile, demo: res.demo_otp, message: `We sent an OTP to ${res.mobile ?? parsed.data.mobile}.` });
      } else {
        onSaved({ user: res.user, account: res.account }, ACCOUNT_MESSAGES.profileUpdated);
      }
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Failed to update profile.');
    } finally {
      setBusy(false);
    }
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (!otp || verifying) return;
    if (!/^\d{4,8}$/.test(code)) {
      setOtpError('Please enter a 4-digit OTP');
      return;
    }
    setVerifying(true);
    setOtpError(null);
    try {
      const res = await apiSend<ProfileJson>('/api/customer/verify-phone', { body: { mobile: otp.mobile, otp: code }, fallbackMessage: 'Failed to verify the OTP.' });
      setOtp(null);
      onSaved(res, ACCOUNT_MESSAGES.phoneUpdated);
    } catch (err) {
      setOtpError(err instanceof ApiError ? err.message : 'Failed to verify the OTP.');
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
          <input id={ids.name} name="name" autoComplete="name" required value={values.name} onChange={set('name')} className={inputClass} />
        </div>
        <div>
          <label htmlFor={ids.email} className="text-sm font-medium text-slate-700">
            Email
          </label>
          <input id={ids.email} name="email" type="email" autoComplete="email" required value={values.email} onChange={set('email')} className={inputClass} />
        </div>
        <div>
          <label htmlFor={ids.mobile} className="text-sm font-medium text-slate-700">
            Mobile Number
          </label>
          <input id={ids.mobile} name="mobile" type="tel" autoComplete="tel" inputMode="tel" required value={values.mobile} onChange={set('mobile')} className={inputClass} />
          <p className="mt-1 text-xs text-slate-600">A new number is confirmed with an OTP sent to it.</p>
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
            {otp?.message} Enter it to confirm your new mobile number.
          </p>
          {otp?.demo && (
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
              Demo code: <strong className="font-mono tracking-widest">{otp.demo}</strong>
            </p>
          )}
          <div>
            <label htmlFor={ids.code} className="text-sm font-medium text-slate-700">
              OTP
            </label>
            <input
              id={ids.code}
              name="otp"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={8}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 8))}
              className={`${inputClass} font-mono tracking-widest`}
              autoFocus
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
