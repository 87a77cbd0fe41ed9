/**
 * The auth dialog's form step (docs/sign-in-rules.md#the-dialogs): the Login and Sign Up tabs, the
 * phone step (Login: mobile number → Send OTP) and the sign-up form (name, email, mobile → Sign
 * Up), with the phone field they share (country list with search, default India, up to 15 digits)
 * and the error line. Each sign-up field shows its own error under it (aria-invalid,
 * aria-describedby). Presentational: the state and the calls are in use-auth-flow.ts.
 */
import { type FormEvent, type KeyboardEvent as ReactKeyboardEvent, useId } from 'react';
import PhoneInput from 'react-phone-number-input';
import { DEFAULT_PHONE_COUNTRY } from '../rules.ts';
import type { AuthTab } from '../session-state.ts';
import CountrySelect from './CountrySelect.tsx';
import type { AuthField, AuthFlowState, SignupField } from './use-auth-flow.ts';

export const inputClass =
  'h-11 w-full rounded-lg border border-slate-300 px-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-sale-600';
export const primaryClass =
  'inline-flex h-11 w-full items-center justify-center rounded-lg bg-brand-700 px-4 text-base font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60';
const labelClass = 'mb-1 block text-sm font-medium text-slate-800';

/** The error line of a step, announced; nothing without a message. */
export function ErrorBox({ id, message }: { id: string; message: string }) {
  if (!message) return null;
  return (
    <p
      id={id}
      role="alert"
      className="rounded-lg border-l-4 border-sale-600 bg-orange-50 px-3 py-2 text-sm font-medium text-orange-900"
    >
      {message}
    </p>
  );
}

/** A field's own error, under it (its input names it with aria-describedby); nothing without a message. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-sale-600">
      {message}
    </p>
  );
}

/** The phone field: country list with search (default India), up to 15 digits, E.164 out. */
function PhoneField({
  id,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  invalid: boolean;
  describedBy?: string;
}) {
  return (
    <PhoneInput
      id={id}
      defaultCountry={DEFAULT_PHONE_COUNTRY}
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

interface FormStepProps {
  state: AuthFlowState;
  /** Id of the error line (for aria-describedby). */
  errorId: string;
  /** Ids of the two tabs, so the dialog can move focus to the selected one. */
  tabIds: Record<AuthTab, string>;
  setField: (field: AuthField, value: string) => void;
  switchTab: (tab: AuthTab) => void;
  submitLogin: (event: FormEvent) => void;
  submitSignup: (event: FormEvent<HTMLFormElement>) => void;
}

const TAB_LABELS: Record<AuthTab, string> = { login: 'Login', signup: 'Sign Up' };

/** The Login and Sign Up tabs with their forms. Arrow keys, Home and End move between tabs. */
export function FormStep({ state, errorId, tabIds, setField, switchTab, submitLogin, submitSignup }: FormStepProps) {
  const ids = { name: useId(), email: useId(), phone: useId(), panel: useId() };
  const { tab, error, busy } = state;
  const describedBy = error ? errorId : undefined;
  // A sign-up field's error line sits under it; its input names it while it has a message.
  const fieldIds: Record<SignupField, string> = { name: ids.name, email: ids.email, mobile: ids.phone };
  const errorIdOf = (field: SignupField) => `${fieldIds[field]}-error`;
  const invalid = (field: SignupField) => !!state.fieldErrors[field];
  const a11y = (field: SignupField) => ({
    'aria-invalid': invalid(field) || undefined,
    'aria-describedby': invalid(field) ? errorIdOf(field) : undefined,
  });

  function onTabKey(event: ReactKeyboardEvent<HTMLButtonElement>) {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const next: AuthTab =
      event.key === 'Home' ? 'login' : event.key === 'End' ? 'signup' : tab === 'login' ? 'signup' : 'login';
    switchTab(next);
    document.getElementById(tabIds[next])?.focus();
  }

  const tabClass = (active: boolean) =>
    `flex-1 rounded-md px-3 py-2 text-sm font-semibold transition ${active ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-700 hover:text-slate-900'}`;

  return (
    <>
      <div role="tablist" aria-label="Login or Sign Up" className="mt-4 flex gap-1 rounded-lg bg-slate-100 p-1">
        {(['login', 'signup'] as const).map((t) => (
          <button
            key={t}
            id={tabIds[t]}
            type="button"
            role="tab"
            aria-selected={tab === t}
            aria-controls={ids.panel}
            tabIndex={tab === t ? 0 : -1}
            onClick={() => switchTab(t)}
            onKeyDown={onTabKey}
            className={tabClass(tab === t)}
          >
            {TAB_LABELS[t]}
          </button>
        ))}
      </div>
      <div id={ids.panel} role="tabpanel" aria-labelledby={tabIds[tab]} className="mt-4">
        {tab === 'login' ? (
          <form noValidate onSubmit={submitLogin} className="flex flex-col gap-4">
            <div>
              <label htmlFor={ids.phone} className={labelClass}>
                Mobile number
              </label>
              <PhoneField
                id={ids.phone}
                value={state.loginPhone}
                onChange={(v) => setField('loginPhone', v)}
                invalid={!!error}
                describedBy={describedBy}
              />
            </div>
            <ErrorBox id={errorId} message={error} />
            <button type="submit" disabled={busy} className={primaryClass}>
              {busy ? 'Sending OTP...' : 'Send OTP'}
            </button>
          </form>
        ) : (
          <form noValidate onSubmit={submitSignup} className="flex flex-col gap-4">
            <div>
              <label htmlFor={ids.name} className={labelClass}>
                Name
              </label>
              <input
                id={ids.name}
                className={inputClass}
                autoComplete="name"
                maxLength={100}
                value={state.name}
                onChange={(e) => setField('name', e.target.value)}
                {...a11y('name')}
              />
              <FieldError id={errorIdOf('name')} message={state.fieldErrors.name} />
            </div>
            <div>
              <label htmlFor={ids.email} className={labelClass}>
                Email
              </label>
              <input
                id={ids.email}
                type="email"
                className={inputClass}
                autoComplete="email"
                maxLength={254}
                value={state.email}
                onChange={(e) => setField('email', e.target.value)}
                {...a11y('email')}
              />
              <FieldError id={errorIdOf('email')} message={state.fieldErrors.email} />
            </div>
            <div>
              <label htmlFor={ids.phone} className={labelClass}>
                Mobile number
              </label>
              <PhoneField
                id={ids.phone}
                value={state.signupPhone}
                onChange={(v) => setField('signupPhone', v)}
                invalid={invalid('mobile')}
                describedBy={a11y('mobile')['aria-describedby']}
              />
              <FieldError id={errorIdOf('mobile')} message={state.fieldErrors.mobile} />
            </div>
            <ErrorBox id={errorId} message={error} />
            <button type="submit" disabled={busy} className={primaryClass}>
              {busy ? 'Sending OTP...' : 'Sign Up'}
            </button>
          </form>
        )}
      </div>
    </>
  );
}
