/**
 * The My Account page island (docs/account-rules.md#my-account): a left menu (Profile Details,
 * Track Orders, Wishlist (a link to /wishlist), Terms & Conditions, Privacy Policy, Contact Us,
 * Log out of all devices, Delete Account) beside the open section. On a phone the menu is a
 * list; choosing an entry opens its section with a Back control. The open section is kept in
 * the URL (`?section=orders`) so it survives a reload.
 * The profile arrives as a prop from the server render and is re-read from
 * GET /api/customer/profile whenever the Profile section is shown again (balances change after
 * a cancellation).
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';
import OrdersSection from '#features/orders/islands/OrdersSection.tsx';
import { ApiError } from '#lib/http/api-client.ts';
import { callRoute } from '#lib/http/client.ts';
import { formatPhone } from '#lib/phone.ts';
import { ChevronIcon } from '#lib/ui/controls.tsx';
import { UserIcon } from '#lib/ui/icons.tsx';
import type { ProfileJson, profileRoute } from '../contract.ts';
import { ACCOUNT_MESSAGES } from '../rules.ts';
import DeleteAccount from './DeleteAccount.tsx';
import LogOutAllDevices from './LogOutAllDevices.tsx';
import ProfileSection from './ProfileSection.tsx';

export type Section = 'profile' | 'orders';

interface Props {
  initialProfile: ProfileJson | null;
  /** The section named in the URL, if any (phones then open it instead of the menu). */
  initialSection: Section | null;
  tileUrl: string;
}

const TITLES: Record<Section, string> = { profile: 'Profile Details', orders: 'Track Orders' };

function setUrlSection(section: Section | null) {
  const url = new URL(window.location.href);
  if (section) url.searchParams.set('section', section);
  else url.searchParams.delete('section');
  window.history.replaceState(window.history.state, '', url);
}

/** The account page: menu and sections. */
function MyAccount({ initialProfile, initialSection, tileUrl }: Props) {
  const [section, setSection] = useState<Section>(initialSection ?? 'profile');
  const [menuOnPhone, setMenuOnPhone] = useState(initialSection === null);
  const [profile, setProfile] = useState<ProfileJson | null>(initialProfile);
  const [profileError, setProfileError] = useState<string | null>(initialProfile ? null : ACCOUNT_MESSAGES.loadProfile);
  const [deleting, setDeleting] = useState(false);
  const [loggingOutAll, setLoggingOutAll] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const seen = useRef(false);

  useEffect(() => {
    // The server render already holds the profile; re-read it when coming back to the section.
    if (section !== 'profile') return;
    if (!seen.current && initialProfile) {
      seen.current = true;
      return;
    }
    seen.current = true;
    const controller = new AbortController();
    callRoute<typeof profileRoute>('GET /api/customer/profile', {
      signal: controller.signal,
      fallbackMessage: ACCOUNT_MESSAGES.loadProfile,
    })
      .then(({ data: p }) => {
        setProfile(p);
        setProfileError(null);
      })
      .catch((err) => {
        if (!controller.signal.aborted)
          setProfileError(err instanceof ApiError ? err.message : ACCOUNT_MESSAGES.loadProfile);
      });
    return () => controller.abort();
  }, [section, initialProfile]);

  function open(next: Section) {
    setSection(next);
    setMenuOnPhone(false);
    setUrlSection(next);
    // Move focus to the section heading so keyboard and screen reader users land in it.
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  function backToMenu() {
    setMenuOnPhone(true);
    setUrlSection(null);
  }

  const item =
    'flex min-h-12 w-full items-center justify-between gap-3 rounded-lg px-3 py-2.5 text-left text-sm font-medium';
  const menuButton = (label: string, target: Section): ReactNode => (
    <button
      type="button"
      onClick={() => open(target)}
      aria-current={section === target ? 'page' : undefined}
      className={`${item} ${section === target ? 'md:bg-brand-50 md:text-brand-800' : 'text-slate-800'} hover:bg-slate-50`}
    >
      {label}
      <ChevronIcon className="h-4 w-4 text-slate-500 md:hidden" />
    </button>
  );
  const menuLink = (label: string, href: string): ReactNode => (
    <a href={href} className={`${item} text-slate-800 hover:bg-slate-50`}>
      {label}
      <ChevronIcon className="h-4 w-4 text-slate-500 md:hidden" />
    </a>
  );

  return (
    <div className="mt-5 grid gap-6 md:grid-cols-[15rem_1fr]">
      <nav aria-label="My Account" className={`${menuOnPhone ? 'block' : 'hidden'} md:block`}>
        <div className="rounded-2xl border border-slate-200 bg-white p-2 md:sticky md:top-24">
          {profile && (
            <div className="flex items-center gap-3 border-b border-slate-200 px-3 pb-3 pt-2">
              <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
                <UserIcon className="h-5 w-5" />
              </span>
              <span className="min-w-0">
                <span className="block truncate text-sm font-semibold text-slate-900">
                  {profile.user.name || 'My Account'}
                </span>
                <span className="block truncate text-xs text-slate-600">{formatPhone(profile.user.mobile)}</span>
              </span>
            </div>
          )}
          <ul className="mt-1 divide-y divide-slate-100 md:divide-y-0">
            <li>{menuButton('Profile Details', 'profile')}</li>
            <li>{menuButton('Track Orders', 'orders')}</li>
            <li>{menuLink('Wishlist', '/wishlist')}</li>
            <li>{menuLink('Terms & Conditions', '/terms-and-conditions')}</li>
            <li>{menuLink('Privacy Policy', '/privacy-policy')}</li>
            <li>{menuLink('Contact Us', '/contact-us')}</li>
            <li>
              <button
                type="button"
                onClick={() => setLoggingOutAll(true)}
                className={`${item} text-slate-800 hover:bg-slate-50`}
              >
                Log out of all devices
                <ChevronIcon className="h-4 w-4 text-slate-500 md:hidden" />
              </button>
            </li>
            <li>
              <button
                type="button"
                onClick={() => setDeleting(true)}
                className={`${item} text-red-700 hover:bg-red-50`}
              >
                Delete Account
                <ChevronIcon className="h-4 w-4 md:hidden" />
              </button>
            </li>
          </ul>
        </div>
      </nav>

      <div className={`${menuOnPhone ? 'hidden' : 'block'} min-w-0 md:block`}>
        <div className="mb-4 flex items-center gap-2">
          <button
            type="button"
            onClick={backToMenu}
            className="inline-flex min-h-10 items-center gap-1 rounded-lg px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 md:hidden"
          >
            <ChevronIcon direction="left" />
            Back
          </button>
          <h2 ref={headingRef} tabIndex={-1} className="text-xl font-bold text-slate-900 focus:outline-none">
            {TITLES[section]}
          </h2>
        </div>
        {section === 'profile' ? (
          <ProfileSection
            profile={profile}
            profileError={profileError}
            tileUrl={tileUrl}
            onProfileChange={setProfile}
          />
        ) : (
          <OrdersSection onBack={() => open('profile')} />
        )}
      </div>
      <DeleteAccount open={deleting} onClose={() => setDeleting(false)} />
      <LogOutAllDevices open={loggingOutAll} onClose={() => setLoggingOutAll(false)} />
    </div>
  );
}

export default MyAccount;
