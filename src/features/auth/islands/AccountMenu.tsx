/**
 * The account control of the navigation bar (spec 000 §2 "Navigation bar", §6).
 *
 * - Desktop (≥768 px): "Login" when logged out (opens the login dialog); when logged in an
 *   account button with a menu: My Account (/my-account) and Logout.
 * - Mobile: the account icon opens the My Profile panel: Login and Sign Up buttons when logged
 *   out, My Account and Logout when logged in.
 * Menus close on an outside click and on Escape (focus goes back to the button). Logout revokes
 * the session, empties the cart view and goes to / (a full navigation).
 *
 * Both states are always in the markup; `<html data-auth>` (set before first paint from the
 * hint cookie, and kept current by the session store) picks one with CSS (`when-signed-in`,
 * `when-signed-out`), so the HTML is the same for everybody and never flashes the wrong state.
 * Before hydration (`client:interact`) Login and Sign Up are plain links to /login.
 */
import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $overlay, closeOverlay, toggleOverlay } from '#lib/ui/overlay-store.ts';
import { logout, openAuth, type AuthTab } from '../store.ts';
import { UserIcon } from '#lib/ui/icons.tsx';

const iconClass = 'inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-800 hover:bg-brand-50';
const desktopClass =
  'h-10 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-slate-800 hover:bg-brand-50 hover:text-brand-700';
const primaryClass =
  'rounded-lg bg-brand-700 px-4 py-2 text-center text-sm font-semibold text-white hover:bg-brand-800';
const secondaryClass =
  'rounded-lg border border-brand-700 px-4 py-2 text-center text-sm font-semibold text-brand-700 hover:bg-brand-50';
const menuItemClass =
  'block w-full rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-800 hover:bg-brand-50 hover:text-brand-700';

/** The account controls (desktop and mobile). */
export default function AccountMenu() {
  const overlay = useStore($overlay);
  const profileOpen = overlay === 'profile';
  const menuOpen = overlay === 'account-menu';
  const panelId = useId();
  const titleId = useId();
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const profileButtonRef = useRef<HTMLButtonElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);

  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (!profileOpen && !menuOpen) return;
    const which = profileOpen ? 'profile' : 'account-menu';
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) closeOverlay(which);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      closeOverlay(which);
      (profileOpen ? profileButtonRef : menuButtonRef).current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [profileOpen, menuOpen]);

  /** Login and Sign Up stay links to /login (works without JS); once hydrated they open the dialog. */
  const openDialog = (tab: AuthTab) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!hydrated || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    closeOverlay();
    void openAuth(tab);
  };

  async function onLogout() {
    setLoggingOut(true);
    closeOverlay();
    await logout();
  }

  const logoutButton = (className: string) => (
    <button type="button" onClick={() => void onLogout()} disabled={loggingOut} className={className}>
      {loggingOut ? 'Logging out...' : 'Logout'}
    </button>
  );

  return (
    <div ref={rootRef} className="relative flex items-center">
      {/* Desktop, logged out */}
      <a
        href="/login"
        aria-haspopup="dialog"
        onClick={openDialog('login')}
        className={`when-signed-out hidden md:inline-flex ${desktopClass}`}
      >
        <UserIcon className="h-5 w-5" />
        Login
      </a>

      {/* Desktop, logged in */}
      <div className="when-signed-in relative hidden md:block">
        <button
          ref={menuButtonRef}
          id="account-menu-button"
          type="button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => toggleOverlay('account-menu')}
          className={`inline-flex ${desktopClass}`}
        >
          <UserIcon className="h-5 w-5" />
          Account
        </button>
        <div
          id={menuId}
          hidden={!menuOpen}
          className="absolute right-0 top-full z-50 mt-2 w-48 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <a href="/my-account" className={menuItemClass}>
            My Account
          </a>
          {logoutButton(menuItemClass)}
        </div>
      </div>

      {/* Mobile */}
      <div className="md:hidden">
        <button
          ref={profileButtonRef}
          id="account-profile-button"
          type="button"
          aria-label="Account"
          aria-expanded={profileOpen}
          aria-controls={panelId}
          onClick={() => toggleOverlay('profile')}
          className={iconClass}
        >
          <UserIcon />
        </button>
        <section
          id={panelId}
          aria-labelledby={titleId}
          hidden={!profileOpen}
          className="absolute right-0 top-full z-50 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-4 shadow-lg"
        >
          <h2 id={titleId} className="mb-3 text-base font-semibold text-slate-900">
            My Profile
          </h2>
          <div className="when-signed-out flex flex-col gap-2">
            <a href="/login" aria-haspopup="dialog" onClick={openDialog('login')} className={primaryClass}>
              Login
            </a>
            <a
              href="/login?tab=signup"
              aria-haspopup="dialog"
              onClick={openDialog('signup')}
              className={secondaryClass}
            >
              Sign Up
            </a>
          </div>
          <div className="when-signed-in flex flex-col gap-2">
            <a href="/my-account" className={primaryClass}>
              My Account
            </a>
            {logoutButton(secondaryClass)}
          </div>
        </section>
      </div>
    </div>
  );
}
