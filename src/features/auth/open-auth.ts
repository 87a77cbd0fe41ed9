/**
 * The auth dialog's loader (spec 000 §2 "Authentication dialogs"): `openAuth` asks the session
 * store for the dialog and loads its code on first use, so pages pay nothing for the dialog and
 * its phone input library until somebody needs to log in. Import `openAuth` from here (the
 * store cannot: the dialog imports the store, and the store imports no island).
 * Client-only.
 */
import { requestAuth, type AuthDone, type AuthTab } from './store.ts';

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

export type { AuthTab } from './store.ts';
