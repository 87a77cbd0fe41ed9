/**
 * The auth dialogs (docs/sign-in-rules.md#the-dialogs): Login and Sign Up tabs,
 * then the OTP step, then "You have logged in successfully" with Continue, which closes
 * everything. Closing at any step resets every field and returns to the Sign Up tab.
 *
 * - The steps and their calls: use-auth-flow.ts; the tabs and forms: auth-forms.tsx; the code
 *   step: OtpStep.tsx (with the demo note in demo mode, DEMO_MODE).
 * - The shared modal (src/lib/ui/ModalDialog.tsx, card variant): role dialog, aria-modal,
 *   labelled by its heading; Tab is kept inside, Escape and a backdrop click close, focus
 *   returns to where it was. Each step focuses its first control.
 *
 * Loaded on demand by `openAuth()` (src/features/auth/store.ts), which calls
 * `mountAuthDialog`: the dialog and the phone input library cost nothing until somebody needs
 * to log in.
 */

import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import { createRoot } from 'react-dom/client';
import ModalDialog from '#lib/ui/ModalDialog.tsx';
import { AUTH_MESSAGES } from '../rules.ts';
import { $authDialog, authDialogOpener } from '../session-state.ts';
import { FormStep, primaryClass } from './auth-forms.tsx';
import OtpStep from './OtpStep.tsx';
import { useAuthFlow } from './use-auth-flow.ts';

/** The whole auth flow in one modal dialog. */
export default function AuthDialog() {
  const { open, tab: requestedTab } = useStore($authDialog);
  const flow = useAuthFlow(open, requestedTab);
  const { state } = flow;
  const ids = { error: useId(), otp: useId(), continue: useId(), tabLogin: useId(), tabSignup: useId() };

  // Focus the first control of each step (after the modal has opened).
  useEffect(() => {
    if (!open) return;
    const target =
      state.step === 'form'
        ? state.tab === 'login'
          ? ids.tabLogin
          : ids.tabSignup
        : state.step === 'otp'
          ? ids.otp
          : ids.continue;
    document.getElementById(target)?.focus();
  }, [open, state.step, state.tab, ids.tabLogin, ids.tabSignup, ids.otp, ids.continue]);

  const title =
    state.step === 'success'
      ? AUTH_MESSAGES.loginSuccess
      : state.step === 'otp'
        ? 'Enter OTP'
        : state.tab === 'login'
          ? 'Login'
          : 'Sign Up';

  return (
    <ModalDialog
      open={open}
      title={title}
      onClose={flow.close}
      variant="card"
      closeLabel="Close"
      returnFocusTo={authDialogOpener()}
    >
      {state.step === 'form' && (
        <FormStep
          state={state}
          errorId={ids.error}
          tabIds={{ login: ids.tabLogin, signup: ids.tabSignup }}
          setField={flow.setField}
          switchTab={flow.switchTab}
          submitLogin={flow.submitLogin}
          submitSignup={flow.submitSignup}
        />
      )}
      {state.step === 'otp' && state.pending && (
        <OtpStep
          state={state}
          pending={state.pending}
          otpId={ids.otp}
          errorId={ids.error}
          waitSeconds={flow.waitSeconds}
          onOtp={(value) => flow.setField('otp', value)}
          verify={flow.verify}
          resend={flow.resend}
          changeNumber={flow.changeNumber}
        />
      )}
      {state.step === 'success' && (
        <div className="mt-4 flex flex-col items-center gap-4 text-center">
          <span
            className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-700"
            aria-hidden="true"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-8 w-8"
              fill="none"
              stroke="currentColor"
              strokeWidth={2.5}
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="m5 12.5 4.5 4.5L19 7.5" />
            </svg>
          </span>
          <button id={ids.continue} type="button" onClick={flow.close} className={primaryClass}>
            Continue
          </button>
        </div>
      )}
    </ModalDialog>
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
