/**
 * The auth dialog's steps and their server calls (docs/sign-in-rules.md), as a reducer and a hook
 * the dialog's parts render from:
 *
 * - form (Login or Sign Up tab) → POST /api/validate-customer or /api/register → otp →
 *   POST /api/otp-login (sets the session cookie) → success.
 * - The OTP has the server's `otp_length` digits; the field keeps digits only, cut to that length.
 * - A 429 or 503 answer shows its message, and Resend waits out its Retry-After. The wrong-code
 *   lock's 429 (`data.otp_locked`, on a check or a send) also takes any code off the screen and
 *   disables Verify OTP.
 * - Validation messages are the spec's, verbatim; server messages are shown with the spec's
 *   fallbacks (Invalid user, Registration failed, Invalid OTP); a wrong code's message goes on to
 *   say how many tries are left ("Invalid OTP. 3 tries left.", from `data.otp_tries_left`).
 * - Sign Up shows every field's error at once, each at its field (`fieldErrors`), from the form's
 *   own check or from the server's `errors`, and focuses the first field to fix. Typing in a field
 *   clears its error.
 * - Closing the dialog resets everything (and the next opening starts on the asked-for tab).
 */
import { type FormEvent, useEffect, useReducer, useRef, useState } from 'react';
import { ApiError } from '#lib/http/api-client.ts';
import { callRoute } from '#lib/http/client.ts';
import { withTriesLeft } from '#lib/ui/tries-left.ts';
import type { otpLoginRoute, registerRoute, validateCustomerRoute } from '../contract.ts';
import {
  AUTH_MESSAGES,
  cleanOtpInput,
  isOtpOfLength,
  otpLengthMessage,
  otpLengthOf,
  otpSentMessage,
  phone,
  signupSchema,
} from '../rules.ts';
import { type AuthTab, closeAuth, markSignedIn } from '../session-state.ts';

export type Step = 'form' | 'otp' | 'success';

/** The sign-up form's fields, as POST /api/register names them. */
export type SignupField = 'name' | 'email' | 'mobile';
const SIGNUP_FIELDS: readonly SignupField[] = ['name', 'email', 'mobile'];
const isSignupField = (key: string): key is SignupField => (SIGNUP_FIELDS as readonly string[]).includes(key);

/** Each sign-up field's message: the first of its issues (zod) or the server's `errors`. */
type SignupErrors = Partial<Record<SignupField, string>>;

/** The code just sent: to whom, why, its length, and the demo code when the server shows it. */
export interface PendingOtp {
  purpose: AuthTab;
  key: string;
  length: number;
  demo: string | null;
  signup?: { name: string; email: string; mobile: string };
}

export interface AuthFlowState {
  step: Step;
  tab: AuthTab;
  loginPhone: string;
  name: string;
  email: string;
  signupPhone: string;
  otp: string;
  pending: PendingOtp | null;
  error: string;
  /** The sign-up fields' own messages (the form's error line has the others). */
  fieldErrors: SignupErrors;
  info: string;
  busy: boolean;
  /** Resend is disabled until this time (ms), after a 429 or 503 with Retry-After. */
  waitUntil: number;
  /**
   * A wrong-code lock holds this number here (429 with `data.otp_locked`): no code is on screen and
   * Verify is disabled until a send succeeds again (Resend waits out the lock).
   */
  locked: boolean;
  /** The code can no longer be checked (`data.otp_spent`, or locked): Verify is disabled until a new one is sent. */
  spent: boolean;
}

/** The text fields a person types into. */
export type AuthField = 'loginPhone' | 'name' | 'email' | 'signupPhone' | 'otp';

type Action =
  | { type: 'reset'; tab?: AuthTab }
  | { type: 'tab'; tab: AuthTab }
  | { type: 'field'; field: AuthField; value: string }
  | { type: 'patch'; patch: Partial<AuthFlowState> };

const initial = (tab: AuthTab = 'signup'): AuthFlowState => ({
  step: 'form',
  tab,
  loginPhone: '',
  name: '',
  email: '',
  signupPhone: '',
  otp: '',
  pending: null,
  error: '',
  fieldErrors: {},
  info: '',
  busy: false,
  waitUntil: 0,
  locked: false,
  spent: false,
});

/** The sign-up field a text field is (the phone is `mobile`), or none. */
const SIGNUP_FIELD_OF: Partial<Record<AuthField, SignupField>> = {
  name: 'name',
  email: 'email',
  signupPhone: 'mobile',
};

/** Each sign-up field's first message among `issues` (a zod error's, or the server's `errors` as pairs). */
function signupErrors(issues: Iterable<[key: PropertyKey | undefined, message: string]>): SignupErrors {
  const out: SignupErrors = {};
  for (const [key, message] of issues) if (typeof key === 'string' && isSignupField(key)) out[key] ??= message;
  return out;
}

/** `errors` without `field`'s message (the same object when it has none). */
function clearError(errors: SignupErrors, field: SignupField | undefined): SignupErrors {
  if (!field || !errors[field]) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([key]) => key !== field));
}

/**
 * Whether a failed check means the code can no longer be used: the server says so
 * (`data.otp_spent`: killed by wrong tries, expired, used or replaced), or this number is locked
 * against more tries from here (429).
 */
function codeIsSpent(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  return err.status === 429 || (err.data as { otp_spent?: unknown } | undefined)?.otp_spent === true;
}

/** Whether a failure is the wrong-code lock: no code for this number is checked (or sent) from here for a while. */
function isLocked(err: unknown): boolean {
  return err instanceof ApiError && (err.data as { otp_locked?: unknown } | undefined)?.otp_locked === true;
}

/** The flow's reducer (pure). */
export function authFlowReducer(state: AuthFlowState, action: Action): AuthFlowState {
  switch (action.type) {
    case 'reset':
      return initial(action.tab);
    case 'tab':
      return { ...state, tab: action.tab, error: '', fieldErrors: {} };
    case 'field':
      return {
        ...state,
        [action.field]: action.field === 'otp' ? cleanOtpInput(action.value, state.pending?.length) : action.value,
        fieldErrors: clearError(state.fieldErrors, SIGNUP_FIELD_OF[action.field]),
      };
    case 'patch':
      return { ...state, ...action.patch };
  }
}

/** The flow for a dialog that is `open` on `requestedTab`. */
export function useAuthFlow(open: boolean, requestedTab: AuthTab) {
  const [state, dispatch] = useReducer(authFlowReducer, requestedTab, initial);
  const [now, setNow] = useState(() => Date.now());
  const signedIn = useRef(false);
  /** The form whose first invalid field takes the focus once its errors have rendered. */
  const focusInvalid = useRef<HTMLFormElement | null>(null);
  const patch = (p: Partial<AuthFlowState>) => dispatch({ type: 'patch', patch: p });

  useEffect(() => {
    if (open) dispatch({ type: 'tab', tab: requestedTab });
    else {
      dispatch({ type: 'reset' });
      signedIn.current = false;
    }
  }, [open, requestedTab]);

  // Errors shown, then the first field to fix focused: after the render that marks it invalid.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the errors' render is the trigger, not a value the effect reads.
  useEffect(() => {
    const form = focusInvalid.current;
    focusInvalid.current = null;
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [state.fieldErrors]);

  useEffect(() => {
    if (state.waitUntil <= Date.now()) return;
    const timer = window.setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= state.waitUntil) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [state.waitUntil]);

  function fail(err: unknown, fallback: string) {
    if (!(err instanceof ApiError)) return patch({ error: fallback, busy: false });
    const wait =
      (err.status === 429 || err.status === 503) && err.retryAfter ? Date.now() + err.retryAfter * 1000 : undefined;
    if (wait) setNow(Date.now());
    // A wrong code says how many tries are left (withTriesLeft: "Invalid OTP. 3 tries left.").
    patch({
      error: withTriesLeft(err.message || fallback, err.data),
      busy: false,
      ...(wait ? { waitUntil: wait } : {}),
    });
  }

  /**
   * Shows a refused sign-up's field errors (`errors` of a 400), each at its field, the first one
   * focused; false when the answer names no sign-up field. The error line keeps a message that
   * names another field or none.
   */
  function showSignupErrors(err: unknown, form: HTMLFormElement | null): boolean {
    if (!(err instanceof ApiError) || !err.errors) return false;
    const entries = Object.entries(err.errors);
    const fieldErrors = signupErrors(entries);
    if (Object.keys(fieldErrors).length === 0) return false;
    const placed = entries.every(([key]) => isSignupField(key));
    focusInvalid.current = form;
    patch({ fieldErrors, error: placed ? '' : err.message, busy: false });
    return true;
  }

  /** Sends a code; `form` is the sign-up form whose fields show a refusal's field errors. */
  async function sendOtp(next: Omit<PendingOtp, 'length' | 'demo'>, isResend: boolean, form?: HTMLFormElement) {
    const fallback = next.purpose === 'login' ? AUTH_MESSAGES.invalidUser : AUTH_MESSAGES.registrationFailed;
    patch({ busy: true, error: '', fieldErrors: {}, info: '' });
    try {
      const { data } =
        next.purpose === 'login'
          ? await callRoute<typeof validateCustomerRoute>('POST /api/validate-customer', {
              body: { key: next.key, otp: '' },
              fallbackMessage: fallback,
            })
          : await callRoute<typeof registerRoute>('POST /api/register', {
              body: next.signup!,
              fallbackMessage: fallback,
            });
      patch({
        pending: { ...next, length: otpLengthOf(data), demo: data.demo_otp ?? null },
        otp: '',
        step: 'otp',
        busy: false,
        locked: false,
        spent: false,
        // In demo mode no SMS is sent: the code is on screen, under the demo note.
        info: otpSentMessage(next.key, { onScreen: !!data.demo_otp, again: isResend }),
      });
    } catch (err) {
      // Locked by wrong codes: no new code was made, and the one on screen (demo mode) cannot be checked.
      if (isLocked(err))
        patch({
          locked: true,
          spent: true,
          info: '',
          otp: '',
          ...(state.pending ? { pending: { ...state.pending, demo: null } } : {}),
        });
      if (form && showSignupErrors(err, form)) return;
      fail(err, fallback);
    }
  }

  function submitLogin(event: FormEvent) {
    event.preventDefault();
    const key = phone.toE164(state.loginPhone);
    if (key === '') return patch({ error: AUTH_MESSAGES.mobileRequired });
    if (!key) return patch({ error: AUTH_MESSAGES.invalidPhone });
    void sendOtp({ purpose: 'login', key }, false);
  }

  /** Checks every field at once (an empty one reads "Please fill in all fields"), then sends the code. */
  function submitSignup(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = signupSchema.safeParse({ name: state.name, email: state.email, mobile: state.signupPhone });
    if (!parsed.success) {
      const fieldErrors = signupErrors(parsed.error.issues.map((i) => [i.path[0], i.message]));
      const placed = Object.keys(fieldErrors).length > 0;
      focusInvalid.current = form;
      return patch({ fieldErrors, error: placed ? '' : (parsed.error.issues[0]?.message ?? AUTH_MESSAGES.fillAll) });
    }
    void sendOtp({ purpose: 'signup', key: parsed.data.mobile, signup: parsed.data }, false, form);
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    const { pending, otp } = state;
    if (!pending || state.locked || state.spent) return;
    if (!isOtpOfLength(otp, pending.length)) return patch({ error: otpLengthMessage(pending.length) });
    patch({ busy: true, error: '' });
    try {
      const { data } = await callRoute<typeof otpLoginRoute>('POST /api/otp-login', {
        body: { key: pending.key, otp },
        fallbackMessage: AUTH_MESSAGES.otpWrong,
      });
      signedIn.current = true;
      markSignedIn(data.customer);
      patch({ busy: false, info: '', step: 'success' });
    } catch (err) {
      // A code that can no longer be used leaves the screen (demo mode shows it): the answer's
      // message asks for a new one, which Resend OTP sends once its wait (if any) is over.
      if (codeIsSpent(err))
        patch({ pending: { ...pending, demo: null }, info: '', otp: '', locked: isLocked(err), spent: true });
      fail(err, AUTH_MESSAGES.otpWrong);
    }
  }

  return {
    state,
    /** Seconds until Resend is allowed again (0: now). */
    waitSeconds: Math.max(0, Math.ceil((state.waitUntil - now) / 1000)),
    setField: (field: AuthField, value: string) => dispatch({ type: 'field', field, value }),
    switchTab: (tab: AuthTab) => dispatch({ type: 'tab', tab }),
    submitLogin,
    submitSignup,
    verify,
    resend: () => state.pending && void sendOtp(state.pending, true),
    changeNumber: () => state.pending && patch({ step: 'form', tab: state.pending.purpose, error: '', info: '' }),
    /** Closes the dialog, telling the opener whether a login happened. */
    close: () => closeAuth(signedIn.current),
  };
}
