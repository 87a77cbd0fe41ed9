/**
 * The back office's CSV import: a file, a progress bar while the server writes the rows, then
 * the report (added, changed and refused rows with their line and reason).
 */
import { type FormEvent, useId, useState } from 'react';
import { buttonPrimary } from '#lib/ui/controls.tsx';
import { ScrollRegion } from '#lib/ui/ScrollRegion.tsx';
import type { ImportReport } from '../contract.ts';
import { streamImport } from './product-import-stream.ts';

/** The import's rows that were added, changed or refused, in line order. */
function ImportReportTable({ report }: { report: ImportReport }) {
  const shown = report.rows.filter((r) => r.outcome !== 'unchanged');
  return (
    <ScrollRegion label="Import report" className="mt-2 max-h-80 overflow-y-auto rounded border border-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">What the import did, row by row</caption>
        <thead className="bg-slate-100 text-slate-800">
          <tr>
            <th scope="col" className="px-2 py-1">
              Line
            </th>
            <th scope="col" className="px-2 py-1">
              What
            </th>
            <th scope="col" className="px-2 py-1">
              Product or reason
            </th>
          </tr>
        </thead>
        <tbody>
          {[
            ...shown.map((r) => ({
              line: r.line,
              what: r.outcome === 'added' ? 'Added' : 'Changed',
              text: `${r.sku} ${r.name}`,
            })),
            ...report.skipped.map((s) => ({ line: s.line, what: 'Refused', text: s.reason })),
          ]
            .sort((a, b) => a.line - b.line)
            .map((r) => (
              <tr key={`${r.line}-${r.what}`} className="border-t border-slate-200">
                <td className="px-2 py-1">{r.line}</td>
                <td className={`px-2 py-1 ${r.what === 'Refused' ? 'text-red-700' : ''}`}>{r.what}</td>
                <td className="px-2 py-1">{r.text}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** The CSV import: a file, a progress bar while the server writes, then the report. */
export default function AdminProductImport({ onDone }: { onDone: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function run(event: FormEvent) {
    event.preventDefault();
    if (!file) return setError('Choose a CSV file first.');
    setBusy(true);
    setError(null);
    setReport(null);
    setProgress({ done: 0, total: 0 });
    try {
      await streamImport(await file.text(), { onProgress: setProgress, onReport: setReport });
      onDone();
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'The import failed.');
    } finally {
      setBusy(false);
    }
  }

  const shown = report?.rows.filter((r) => r.outcome !== 'unchanged') ?? [];
  return (
    <section aria-labelledby={`${id}-h`} className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={`${id}-h`} className="text-lg font-semibold text-slate-900">
        Import a CSV
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        The same importer as <code>npm run catalog:import</code>: new SKUs are added, changed rows updated, bad rows
        refused with the reason. An exported file comes back unchanged.
      </p>
      <form noValidate onSubmit={run} className="mt-3 flex flex-wrap items-end gap-3">
        <label className="text-sm text-slate-800" htmlFor={`${id}-file`}>
          CSV file
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            className="mt-1 block w-full max-w-full text-base"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </label>
        <button type="submit" className={`${buttonPrimary} h-10 px-4`} disabled={busy}>
          Import
        </button>
      </form>
      {progress && (busy || report) && (
        <div className="mt-3">
          <label htmlFor={`${id}-progress`} className="text-sm text-slate-800">
            {busy ? 'Importing…' : 'Imported'} {progress.total ? `${progress.done} of ${progress.total} rows` : ''}
          </label>
          <progress
            id={`${id}-progress`}
            className="mt-1 block h-3 w-full"
            max={progress.total || 1}
            value={busy && !progress.total ? undefined : progress.done}
          />
        </div>
      )}
      <p role="alert" className="mt-2 text-sm text-red-700">
        {error}
      </p>
      {report && (
        <div className="mt-3" role="status">
          <p className="font-medium text-slate-900">
            {report.inserted} added, {report.updated} changed, {report.unchanged} unchanged, {report.skipped.length}{' '}
            refused.
          </p>
          {(shown.length > 0 || report.skipped.length > 0) && <ImportReportTable report={report} />}
        </div>
      )}
    </section>
  );
}
