/**
 * The mobile account icon and its My Profile panel (spec 000 §2 "Navigation bar"). Logged out,
 * the panel offers Login and Sign Up. It closes on an outside click and on Escape (focus goes
 * back to the icon). Before hydration the icon is a plain link to /login.
 *
 * The auth issue adds the signed-in state (My Account and Logout) and opens its dialogs from
 * here instead of linking to /login; the desktop account control lives in Navbar.astro until then.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $overlay, closeOverlay, toggleOverlay } from '../lib/stores/ui.ts';
import { UserIcon } from './icons.tsx';

const iconClass = 'inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-800 hover:bg-brand-50';

/** The account icon with the My Profile panel. */
export default function AccountMenu() {
  const open = useStore($overlay) === 'profile';
  const panelId = useId();
  const titleId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) closeOverlay('profile');
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      closeOverlay('profile');
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  if (!hydrated) {
    return (
      <a href="/login" aria-label="Account" className={iconClass}>
        <UserIcon />
      </a>
    );
  }

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label="Account"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => toggleOverlay('profile')}
        className={iconClass}
      >
        <UserIcon />
      </button>
      <section
        id={panelId}
        aria-labelledby={titleId}
        hidden={!open}
        className="absolute right-0 top-full z-50 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-4 shadow-lg"
      >
        <h2 id={titleId} className="mb-3 text-base font-semibold text-slate-900">
          My Profile
        </h2>
        <div className="flex flex-col gap-2">
          <a href="/login" className="rounded-lg bg-brand-700 px-4 py-2 text-center text-sm font-semibold text-white hover:bg-brand-800">
            Login
          </a>
          <a
            href="/login?tab=signup"
            className="rounded-lg border border-brand-700 px-4 py-2 text-center text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            Sign Up
          </a>
        </div>
      </section>
    </div>
  );
}
