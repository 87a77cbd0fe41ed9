/**
 * The auth dialogs (spec 000 §2 "Authentication dialogs", §4, §5, §8): Login and Sign Up tabs,
 * then the OTP step, then "You have logged in successfully" with Continue, which closes
 * everything. Closing at any step resets every field and returns to the Sign Up tab.
 *
 * - Login: phone → POST /api/validate-customer → OTP. Sign Up: name, email, phone →
 *   POST /api/register → OTP (the server sends and checks the sign-up code too). OTP →
 *   POST /api/otp-login, which sets the session cookie.
 * - The OTP has the server's `otp_length` digits (OTP_LENGTH: 6, or 4 in demo mode); the field
 *   keeps digits only, cut to that length. In demo mode (SMS_SENDER=console) the server returns
 *   the code: a banner says no SMS is sent and shows it ("Demo code: 1234").
 * - Resend respects 429 and 503 answers: their message is shown and Resend waits out Retry-After
 *   (503: the shop has no SMS gateway; "Sign-in by SMS is not available right now…").
 * - Validation messages are the spec's, verbatim; server messages are shown with the spec's
 *   fallbacks (Invalid user, Registration failed, Invalid OTP).
 * - A native modal <dialog> (role dialog, aria-modal, labelled by its heading); Tab is kept
 *   inside, Escape closes, focus returns to where it was.
 *
 * Loaded on demand by `openAuth()` (src/features/auth/store.ts), which calls `mountAuthDialog`:
 * the dialog and the phone input library cost nothing until somebody needs to log in.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { useStore } from '@nanostores/react';
import PhoneInput from 'react-phone-number-input';
import 'react-phone-number-input/style.css';
import { ApiError, apiSend } from '../../../lib/http/api-client.ts';
import { AUTH_MESSAGES, EMAIL_PATTERN, PHONE_MAX_DIGITS, cleanOtpInput, otpLengthMessage, withPlus } from '../rules.ts';
import { $authDialog, closeAuth, markSignedIn, type AuthTab, type SessionCustomer } from '../store.ts';
import CountrySelect from './CountrySelect.tsx';
import { trapTab } from '../../../lib/ui/focus-trap.ts';
import { CloseIcon } from '../../../lib/ui/icons.tsx';

type Step = 'form' | 'otp' | 'success';

interface OtpSent {
  otp_sent?: boolean;
  expires_in?: number;
  otp_length?: number;
  demo_otp?: string;
}

interface PendingOtp {
  purpose: AuthTab;
  key: string;
  length: number;
  demo: string | null;
  signup?: { name: string; email: string; mobile: string };
}

/** Used only if an older server sends no `otp_length` (and no demo code to measure). */
const DEFAULT_OTP_LENGTH = 6;

const inputClass =
  'h-11 w-full rounded-lg border border-slate-300 px-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-sale-600';
const primaryClass =
  'inline-flex h-11 w-full items-center justify-center rounded-lg bg-brand-700 px-4 text-base font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60';
const linkButtonClass = 'text-sm font-semibold text-brand-700 underline-offset-2 hover:underline disabled:cursor-not-allowed disabled:text-slate-500 disabled:no-underline';

/** Digits of the code just sent: the server's `otp_length` (4–8), else the demo code's length. */
function otpLengthOf(sent: OtpSent): number {
  const n = sent.otp_length ?? sent.demo_otp?.length ?? 0;
  return Number.isInteger(n) && n >= 4 && n <= 8 ? n : DEFAULT_OTP_LENGTH;
}

/** A phone number is plausible: "+" and 6 to 15 digits (the server checks it again). */
function plausiblePhone(phone: string): boolean {
  return new RegExp(`^\\+\\d{6,${PHONE_MAX_DIGITS}}$`).test(phone);
}

/** The phone field: country list with search (default India), up to 15 digits. */
function PhoneField({ id, value, onChange, invalid, describedBy }: { id: string; value: string; onChange: (v: string) => void; invalid: boolean; describedBy?: string }) {
  return (
    <PhoneInput
      id={id}
      defaultCountry="IN"
      addInternationalOption={false}
      limitMaxLength
      countrySelectComponent={CountrySelect}
      value={value || undefined}
      onChange={(v) => onChange(v ?? '')}
      autoComplete="tel"
      placeholder="Mobile number"
      aria-invalid={invalid}
      aria-describedby={describedBy}
      numberInputProps={{ className: `${inputClass} rounded-l-none`, maxLength: 22 }}
      className="flex items-stretch"
    />
  );
}

/** The whole auth flow in one modal dialog. */
export default function AuthDialog() {
  const { open, tab: requestedTab } = useStore($authDialog);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const errorId = useId();
  const ids = { name: useId(), email: useId(), phone: useId(), otp: useId(), tabLogin: useId(), tabSignup: useId(), panel: useId() };

  const [step, setStep] = useState<Step>('form');
  const [tab, setTab] = useState<AuthTab>(requestedTab);
  const [loginPhone, setLoginPhone] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [signupPhone, setSignupPhone] = useState('');
  const [otp, setOtp] = useState('');
  const [pending, setPending] = useState<PendingOtp | null>(null);
  const [error, setError] = useState('');
  const [info, setInfo] = useState('');
  const [busy, setBusy] = useState(false);
  const [waitUntil, setWaitUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const signedInRef = useRef(false);

  function reset() {
    setStep('form');
    setTab('signup');
    setLoginPhone('');
    setName('');
    setEmail('');
    setSignupPhone('');
    setOtp('');
    setPending(null);
    setError('');
    setInfo('');
    setBusy(false);
    setWaitUntil(0);
    signedInRef.current = false;
  }

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open) {
      setTab(requestedTab);
      if (!dialog.open) {
        returnFocusRef.current = document.activeElement as HTMLElement | null;
        dialog.showModal();
      }
    } else if (dialog.open) {
      dialog.close();
      reset();
      const back = returnFocusRef.current;
      if (back?.isConnected) back.focus();
    }
  }, [open, requestedTab]);

  // Focus the first field of each step.
  useEffect(() => {
    if (!open) return;
    const dialog = dialogRef.current;
    const target =
      step === 'form'
        ? dialog?.querySelector<HTMLElement>(`[role="tab"][aria-selected="true"]`)
        : step === 'otp'
          ? dialog?.querySelector<HTMLElement>(`#${CSS.escape(ids.otp)}`)
          : dialog?.querySelector<HTMLElement>('[data-continue]');
    target?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, step]);

  useEffect(() => {
    if (waitUntil <= Date.now()) return;
    const timer = window.setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= waitUntil) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [waitUntil]);

  const waitSeconds = Math.max(0, Math.ceil((waitUntil - now) / 1000));

  function close() {
    closeAuth(signedInRef.current);
  }

  function fail(err: unknown, fallback: string) {
    if (err instanceof ApiError) {
      setError(err.message || fallback);
      if ((err.status === 429 || err.status === 503) && err.retryAfter) {
        setNow(Date.now());
        setWaitUntil(Date.now() + err.retryAfter * 1000);
      }
    } else {
      setError(fallback);
    }
  }

  async function sendOtp(next: Omit<PendingOtp, 'length' | 'demo'>, isResend: boolean) {
    setBusy(true);
    setError('');
    setInfo('');
    try {
      const sent =
        next.purpose === 'login'
          ? await apiSend<OtpSent>('/api/validate-customer', { body: { key: next.key, otp: '' }, fallbackMessage: AUTH_MESSAGES.invalidUser })
          : await apiSend<OtpSent>('/api/register', { body: next.signup!, fallbackMessage: AUTH_MESSAGES.registrationFailed });
      setPending({ ...next, length: otpLengthOf(sent), demo: sent.demo_otp ?? null });
      setOtp('');
      setStep('otp');
      setInfo(isResend ? `A new OTP was sent to ${next.key}.` : `We sent an OTP to ${next.key}.`);
    } catch (err) {
      fail(err, next.purpose === 'login' ? AUTH_MESSAGES.invalidUser : AUTH_MESSAGES.registrationFailed);
    } finally {
      setBusy(false);
    }
  }

  function onLogin(event: FormEvent) {
    event.preventDefault();
    const key = withPlus(loginPhone);
    if (!key) return setError(AUTH_MESSAGES.mobileRequired);
    if (!plausiblePhone(key)) return setError(AUTH_MESSAGES.invalidPhone);
    void sendOtp({ purpose: 'login', key }, false);
  }

  function onSignup(event: FormEvent) {
    event.preventDefault();
    const mobile = withPlus(signupPhone);
    if (!name.trim() || !email.trim() || !mobile) return setError(AUTH_MESSAGES.fillAll);
    if (!EMAIL_PATTERN.test(email.trim())) return setError(AUTH_MESSAGES.invalidEmail);
    if (!plausiblePhone(mobile)) return setError(AUTH_MESSAGES.invalidPhone);
    void sendOtp({ purpose: 'signup', key: mobile, signup: { name: name.trim(), email: email.trim(), mobile } }, false);
  }

  async function onVerify(event: FormEvent) {
    event.preventDefault();
    if (!pending) return;
    if (!new RegExp(`^\\d{${pending.length}}$`).test(otp)) return setError(otpLengthMessage(pending.length));
    setBusy(true);
    setError('');
    try {
      const data = await apiSend<{ customer?: SessionCustomer }>('/api/otp-login', {
        body: { key: pending.key, otp },
        fallbackMessage: AUTH_MESSAGES.otpWrong,
      });
      signedInRef.current = true;
      markSignedIn(data.customer ?? null);
      setInfo('');
      setStep('success');
    } catch (err) {
      fail(err, AUTH_MESSAGES.otpWrong);
    } finally {
      setBusy(false);
    }
  }

  function switchTab(next: AuthTab) {
    setTab(next);
    setError('');
  }

  function onTabKey(event: ReactKeyboardEvent<HTMLButtonElement>) {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const next: AuthTab = event.key === 'Home' ? 'login' : event.key === 'End' ? 'signup' : tab === 'login' ? 'signup' : 'login';
    switchTab(next);
    dialogRef.current?.querySelector<HTMLElement>(`#${CSS.escape(next === 'login' ? ids.tabLogin : ids.tabSignup)}`)?.focus();
  }

  const title = step === 'success' ? AUTH_MESSAGES.loginSuccess : step === 'otp' ? 'Enter OTP' : tab === 'login' ? 'Login' : 'Sign Up';
  const errorBox = error ? (
    <p id={errorId} role="alert" className="rounded-lg border-l-4 border-sale-600 bg-orange-50 px-3 py-2 text-sm font-medium text-orange-900">
      {error}
    </p>
  ) : null;
  const describedBy = error ? errorId : undefined;
  const tabClass = (active: boolean) =>
    `flex-1 rounded-md px-3 py-2 text-sm font-semibold transition ${active ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-700 hover:text-slate-900'}`;

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-modal="true"
      onKeyDown={trapTab}
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
      onClick={(e) => {
        if (e.target === dialogRef.current) close();
      }}
      className="m-auto w-[min(26rem,calc(100vw-1.5rem))] overflow-visible rounded-2xl bg-white p-0 shadow-xl backdrop:bg-slate-900/50"
    >
      {open && (
        <div className="relative p-5 sm:p-6">
          <button
            type="button"
            aria-label="Close"
            onClick={close}
            className="absolute right-3 top-3 inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
          >
            <CloseIcon className="h-5 w-5" />
          </button>
          <h2 id={titleId} className="pr-10 text-xl font-bold text-slate-900">
            {title}
          </h2>

          {step === 'form' && (
            <>
              <div role="tablist" aria-label="Login or Sign Up" className="mt-4 flex gap-1 rounded-lg bg-slate-100 p-1">
                <button
                  id={ids.tabLogin}
                  type="button"
                  role="tab"
                  aria-selected={tab === 'login'}
                  aria-controls={ids.panel}
                  tabIndex={tab === 'login' ? 0 : -1}
                  onClick={() => switchTab('login')}
                  onKeyDown={onTabKey}
                  className={tabClass(tab === 'login')}
                >
                  Login
                </button>
                <button
                  id={ids.tabSignup}
                  type="button"
                  role="tab"
                  aria-selected={tab === 'signup'}
                  aria-controls={ids.panel}
                  tabIndex={tab === 'signup' ? 0 : -1}
                  onClick={() => switchTab('signup')}
                  onKeyDown={onTabKey}
                  className={tabClass(tab === 'signup')}
                >
                  Sign Up
                </button>
              </div>
              <div id={ids.panel} role="tabpanel" aria-labelledby={tab === 'login' ? ids.tabLogin : ids.tabSignup} className="mt-4">
                {tab === 'login' ? (
                  <form noValidate onSubmit={onLogin} className="flex flex-col gap-4">
                    <div>
                      <label htmlFor={ids.phone} className="mb-1 block text-sm font-medium text-slate-800">
                        Mobile number
                      </label>
                      <PhoneField id={ids.phone} value={loginPhone} onChange={setLoginPhone} invalid={!!error} describedBy={describedBy} />
                    </div>
                    {errorBox}
                    <button type="submit" disabled={busy} className={primaryClass}>
                      {busy ? 'Sending OTP...' : 'Send OTP'}
                    </button>
                  </form>
                ) : (
                  <form noValidate onSubmit={onSignup} className="flex flex-col gap-4">
                    <div>
                      <label htmlFor={ids.name} className="mb-1 block text-sm font-medium text-slate-800">
                        Name
                      </label>
                      <input id={ids.name} className={inputClass} autoComplete="name" maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
                    </div>
                    <div>
                      <label htmlFor={ids.email} className="mb-1 block text-sm font-medium text-slate-800">
                        Email
                      </label>
                      <input
                        id={ids.email}
                        type="email"
                        className={inputClass}
                        autoComplete="email"
                        maxLength={254}
                        value={email}
                        onChange={(e) => setEmail(e.target.value)}
                        aria-invalid={error === AUTH_MESSAGES.invalidEmail}
                        aria-describedby={error === AUTH_MESSAGES.invalidEmail ? errorId : undefined}
                      />
                    </div>
                    <div>
                      <label htmlFor={ids.phone} className="mb-1 block text-sm font-medium text-slate-800">
                        Mobile number
                      </label>
                      <PhoneField id={ids.phone} value={signupPhone} onChange={setSignupPhone} invalid={false} />
                    </div>
                    {errorBox}
                    <button type="submit" disabled={busy} className={primaryClass}>
                      {busy ? 'Sending OTP...' : 'Sign Up'}
                    </button>
                  </form>
                )}
              </div>
            </>
          )}

          {step === 'otp' && pending && (
            <form noValidate onSubmit={onVerify} className="mt-4 flex flex-col gap-4">
              <p role="status" className="text-sm text-slate-700">
                {info}
              </p>
              {pending.demo && (
                <div role="note" aria-label="Demo mode" className="rounded-lg border-2 border-dashed border-amber-500 bg-amber-50 px-3 py-2 text-sm text-amber-950">
                  <p className="font-semibold">Demo shop: no SMS is sent. Codes are shown on screen.</p>
                  <p className="mt-1">
                    Demo code: <strong className="font-mono text-base tracking-widest">{pending.demo}</strong>
                  </p>
                </div>
              )}
              <div>
                <label htmlFor={ids.otp} className="mb-1 block text-sm font-medium text-slate-800">
                  {pending.length}-digit OTP
                </label>
                <input
                  id={ids.otp}
                  className={`${inputClass} text-center font-mono text-xl tracking-[0.5em]`}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9]*"
                  maxLength={pending.length}
                  value={otp}
                  onChange={(e) => setOtp(cleanOtpInput(e.target.value, pending.length))}
                  aria-invalid={!!error}
                  aria-describedby={describedBy}
                />
              </div>
              {errorBox}
              <button type="submit" disabled={busy} className={primaryClass}>
                {busy ? 'Verifying...' : 'Verify OTP'}
              </button>
              <div className="flex items-center justify-between gap-2">
                <button
                  type="button"
                  className={linkButtonClass}
                  onClick={() => {
                    setStep('form');
                    setTab(pending.purpose);
                    setError('');
                    setInfo('');
                  }}
                >
                  Change number
                </button>
                <button type="button" className={linkButtonClass} disabled={busy || waitSeconds > 0} onClick={() => void sendOtp(pending, true)}>
                  {waitSeconds > 0 ? `Resend OTP in ${waitSeconds}s` : 'Resend OTP'}
                </button>
              </div>
            </form>
          )}

          {step === 'success' && (
            <div className="mt-4 flex flex-col items-center gap-4 text-center">
              <span className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-700" aria-hidden="true">
                <svg viewBox="0 0 24 24" className="h-8 w-8" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round">
                  <path d="m5 12.5 4.5 4.5L19 7.5" />
                </svg>
              </span>
              <button type="button" data-continue onClick={close} className={primaryClass}>
                Continue
              </button>
            </div>
          )}
        </div>
      )}
    </dialog>
  );
}

let mounted = false;

/** Mounts the dialog once, in its own React root at the end of <body>. */
export function mountAuthDialog(): void {
  if (mounted) return;
  mounted = true;
  const host = document.createElement('div');
  host.id = 'auth-dialog-root';
  document.body.append(host);
  createRoot(host).render(<AuthDialog />);
}
