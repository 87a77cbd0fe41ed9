/**
 * "Order SMS" on My Account's profile: the language of the order
 * status SMS, English or Malayalam, saved as soon as it is chosen (POST /api/customer/sms-language).
 */
import { useId, useState } from 'react';
import { ApiError } from '#lib/http/api-client.ts';
import { callRoute } from '#lib/http/client.ts';
import type { smsLanguageRoute } from '../contract.ts';
import { type SmsLanguage as Language, SMS_LANGUAGE_OPTIONS } from '../rules.ts';

const FAILED = 'Could not save your SMS language. Please try again.';

/** The language choice; `initial` from the profile. */
export default function SmsLanguage({
  initial,
  onSaved,
}: {
  initial: Language;
  onSaved?: (language: Language) => void;
}) {
  const [value, setValue] = useState<Language>(initial);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<{ text: string; ok: boolean } | null>(null);
  const name = useId();
  const hintId = useId();

  async function choose(next: Language) {
    const before = value;
    setValue(next);
    setSaving(true);
    setStatus(null);
    try {
      const res = await callRoute<typeof smsLanguageRoute>('POST /api/customer/sms-language', {
        body: { sms_language: next },
        fallbackMessage: FAILED,
      });
      setValue(res.data.sms_language);
      setStatus({ text: res.message ?? 'Saved.', ok: true });
      onSaved?.(res.data.sms_language);
    } catch (err) {
      setValue(before);
      setStatus({ text: err instanceof ApiError ? err.message : FAILED, ok: false });
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby={`${name}-heading`} className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h3 id={`${name}-heading`} className="text-lg font-semibold text-slate-900">
        Order SMS
      </h3>
      <fieldset className="mt-3" aria-describedby={hintId} disabled={saving}>
        <legend className="text-sm font-medium text-slate-900">SMS language</legend>
        <p id={hintId} className="text-sm text-slate-600">
          We send an SMS when your order is confirmed, out for delivery, delivered or cancelled.
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          {SMS_LANGUAGE_OPTIONS.map((o) => (
            <label
              key={o.value}
              className={`inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium ${
                value === o.value
                  ? 'border-brand-700 bg-brand-50 text-brand-800'
                  : 'border-slate-300 text-slate-800 hover:bg-slate-50'
              }`}
            >
              <input
                type="radio"
                name={name}
                value={o.value}
                checked={value === o.value}
                onChange={() => void choose(o.value)}
                className="h-4 w-4 accent-brand-700"
              />
              <span lang={o.value === 'ml' ? 'ml' : undefined}>{o.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <p
        role={status && !status.ok ? 'alert' : undefined}
        aria-live="polite"
        className={
          status
            ? `mt-3 rounded-lg px-3 py-2 text-sm ${status.ok ? 'bg-brand-50 text-brand-800' : 'bg-red-50 text-red-800'}`
            : 'sr-only-focusable'
        }
      >
        {status?.text ?? ''}
      </p>
    </section>
  );
}
