/**
 * The Profile tab of My Account: Name, Email and Mobile Number with Edit Profile,
 * the balance card (credit, points, transactions), the order SMS language and My Addresses.
 */
import { lazy, Suspense, useState } from 'react';
import AddressBook from '#features/addresses/islands/AddressBook.tsx';
import SmsLanguage from '#features/notifications/islands/SmsLanguage.tsx';
import { formatPhone } from '#lib/phone.ts';
import { buttonSecondary, ErrorText } from '#lib/ui/controls.tsx';
import type { ProfileJson } from '../contract.ts';
import BalanceCard from './BalanceCard.tsx';

/** The edit form (zod, libphonenumber-js) loads when Edit Profile is pressed. */
const EditProfileForm = lazy(() => import('./EditProfileForm.tsx'));

interface Props {
  profile: ProfileJson | null;
  /** "Failed to load profile." or the server's message, when the profile could not be read. */
  profileError: string | null;
  tileUrl: string;
  onProfileChange: (profile: ProfileJson) => void;
}

/** Profile details, balances and addresses. */
export default function ProfileSection({ profile, profileError, tileUrl, onProfileChange }: Props) {
  const [editing, setEditing] = useState(false);
  const [status, setStatus] = useState<string | null>(null);

  return (
    <div className="space-y-6">
      <section aria-labelledby="profile-heading" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="profile-heading" className="text-lg font-semibold text-slate-900">
            {editing ? 'Edit Profile' : 'Personal Information'}
          </h3>
          {profile && !editing && (
            <button
              type="button"
              className={buttonSecondary}
              onClick={() => {
                setStatus(null);
                setEditing(true);
              }}
            >
              Edit Profile
            </button>
          )}
        </div>
        <p
          aria-live="polite"
          className={status ? 'mt-3 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800' : 'sr-only-focusable'}
        >
          {status ?? ''}
        </p>
        <ErrorText message={profileError} />
        {profile &&
          (editing ? (
            <div className="mt-4">
              <Suspense fallback={null}>
                <EditProfileForm
                  profile={profile}
                  onCancel={() => setEditing(false)}
                  onSaved={(next, message) => {
                    onProfileChange(next);
                    setEditing(false);
                    setStatus(message);
                  }}
                />
              </Suspense>
            </div>
          ) : (
            <dl className="mt-4 grid gap-4 sm:grid-cols-3">
              {[
                ['Name', profile.user.name],
                ['Email', profile.user.email],
                ['Mobile Number', formatPhone(profile.user.mobile)],
              ].map(([label, value]) => (
                <div key={label}>
                  <dt className="text-sm text-slate-600">{label}</dt>
                  <dd className="mt-0.5 break-words font-medium text-slate-900">{value || '—'}</dd>
                </div>
              ))}
            </dl>
          ))}
      </section>
      {profile && <BalanceCard account={profile.account} />}
      {profile && (
        <SmsLanguage
          initial={profile.user.sms_language ?? 'en'}
          onSaved={(sms_language) => onProfileChange({ ...profile, user: { ...profile.user, sms_language } })}
        />
      )}
      <AddressBook tileUrl={tileUrl} />
    </div>
  );
}
