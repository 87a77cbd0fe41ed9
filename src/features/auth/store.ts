/**
 * The auth feature's browser surface: the client's session state (session-state.ts) and `openAuth`, which
 * opens the auth dialog (docs/sign-in-rules.md#the-dialogs) and loads its code on first use, so pages pay
 * nothing for the dialog and its phone input library until somebody needs to log in. The dialog imports
 * session-state.ts, never this module, so loading it closes no cycle.
 * Client-only: never write these stores in server frontmatter.
 */
import { type AuthDone, type AuthTab, requestAuth } from './session-state.ts';

export * from './session-state.ts';

let mounting: Promise<void> | null = null;

/**
 * Opens the auth dialog on `tab`, loading it on first use. `done` runs once the dialog closes:
 * with true after a login (Continue pressed), false when it was dismissed. If the dialog's code
 * cannot load, the browser goes to /login instead, which works without it.
 */
export function openAuth(tab: AuthTab = 'login', done?: AuthDone): Promise<void> {
  requestAuth(tab, done);
  mounting ??= import('./islands/AuthDialog.tsx').then((m) => m.mountAuthDialog());
  return mounting.catch((err: unknown) => {
    mounting = null;
    console.error('The login dialog failed to load', err);
    window.location.assign(
      `/login?next=${encodeURIComponent(location.pathname + location.search)}${tab === 'signup' ? '&tab=signup' : ''}`,
    );
  });
}
