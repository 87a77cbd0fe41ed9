/**
 * The back office's CSV import: a file and the "Update stock from the file" choice (its hint says
 * what the box as it stands does), a progress bar while the server writes the rows, then how many
 * rows were imported and refused, the summary (created, updated, unchanged, refused) and the first
 * refused rows, their spreadsheet row, SKU and name, column and reason.
 */
import { type FormEvent, useId, useState } from 'react';
import { buttonPrimary } from '#lib/ui/controls.tsx';
import { ScrollRegion } from '#lib/ui/ScrollRegion.tsx';
import { type ImportReport, MAX_IMPORT_ROWS } from '../contract.ts';
import { streamImport } from './product-import-stream.ts';

/**
 * Rows the summary lists, in row order: the refused ones, or those held off sale. Each names the
 * row as a spreadsheet shows the file (the header is row 1), the product's SKU and name, and the
 * reason (with the column above it when the reason does not name it); the text wraps, so a phone
 * shows it whole without scrolling sideways.
 */
function ImportRowsTable({ rows, label, tone }: { rows: ImportReport['errors']; label: string; tone: string }) {
  return (
    <ScrollRegion label={label} className="mt-2 max-h-[32rem] overflow-y-auto rounded border border-slate-200">
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">{label}, with their spreadsheet row, product and reason</caption>
        <colgroup>
          <col className="w-12" />
          <col className="w-[34%]" />
          <col />
        </colgroup>
        <thead className="bg-slate-100 text-slate-800">
          <tr>
            <th scope="col" className="px-2 py-1">
              Row
            </th>
            <th scope="col" className="px-2 py-1">
              Product
            </th>
            <th scope="col" className="px-2 py-1">
              Reason
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((e) => (
            <tr key={e.row} className="border-t border-slate-200 align-top">
              <td className="px-2 py-1 tabular-nums">{e.row}</td>
              <td className="px-2 py-1 [overflow-wrap:anywhere]">
                {e.sku && <span className="block font-mono text-xs">{e.sku}</span>}
                {e.name && <span className="block">{e.name}</span>}
              </td>
              <td className={`px-2 py-1 [overflow-wrap:anywhere] ${tone}`}>
                {e.column && !e.message.includes(e.column) && (
                  <span className="block font-mono text-xs">{e.column}</span>
                )}
                {e.message}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** The finished import's headline: rows taken of the file's rows, and how many were refused. */
function importedHeadline(report: ImportReport): string {
  const imported = report.created + report.updated + report.unchanged;
  const total = imported + report.skipped;
  const rows = `Imported ${imported} of ${total} ${total === 1 ? 'row' : 'rows'}`;
  return report.skipped ? `${rows}; ${report.skipped} refused (listed below)` : rows;
}

/** The CSV import: a file, a progress bar while the server writes, then the summary. */
export default function AdminProductImport({ onDone }: { onDone: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [updateStock, setUpdateStock] = useState(false);
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
      await streamImport(file, updateStock, { onProgress: setProgress, onReport: setReport });
      onDone();
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'The import failed.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-h`} className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={`${id}-h`} className="text-lg font-semibold text-slate-900">
        Import a CSV
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        The same importer as <code>npm run catalog:import</code>: new SKUs are added, changed rows updated, bad rows
        refused with the reason. An exported file comes back unchanged. Up to {MAX_IMPORT_ROWS.toLocaleString('en-IN')}{' '}
        rows and 20 MB here; a larger file goes through <code>npm run catalog:import</code>.
      </p>
      <p className="mt-1 text-sm text-slate-700">
        Editing in Excel or another spreadsheet? Format the <code>fssai_licence</code>, <code>hsn_code</code> and{' '}
        <code>sku</code> columns as text before you type or paste: a spreadsheet turns a 14-digit licence into a number
        like 2.13190E+13 and drops an HSN code&rsquo;s leading zeros, and such a row is refused.
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
        <div className="flex items-start gap-2 text-sm text-slate-800">
          <input
            id={`${id}-stock`}
            type="checkbox"
            className="mt-1 h-4 w-4"
            checked={updateStock}
            aria-describedby={`${id}-stock-hint`}
            onChange={(e) => setUpdateStock(e.target.checked)}
          />
          <div>
            <label htmlFor={`${id}-stock`}>Update stock from the file</label>
            <p id={`${id}-stock-hint`} className="text-xs text-slate-600">
              {updateStock
                ? "On: each row's stock cell sets its product's stock (an empty cell keeps it)."
                : "Off: the file's stock column is ignored and stock stays as it is."}
            </p>
          </div>
        </div>
        <button type="submit" className={`${buttonPrimary} h-10 px-4`} disabled={busy}>
          Import
        </button>
      </form>
      {progress && (busy || report) && (
        <div className="mt-3">
          <label htmlFor={`${id}-progress`} className="text-sm text-slate-800">
            {busy || !report
              ? `Importing… ${progress.total ? `${progress.done} of ${progress.total} rows` : ''}`
              : importedHeadline(report)}
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
            {report.created} created, {report.updated} updated, {report.unchanged} unchanged, {report.skipped} refused.
            {report.stock_updated ? ' Stock was taken from the file.' : ' Stock was left as it was.'}
          </p>
          {report.errors.length > 0 && (
            <>
              {report.skipped > report.errors.length && (
                <p className="mt-1 text-sm text-slate-700">
                  The first {report.errors.length} of {report.skipped} refused rows:
                </p>
              )}
              <ImportRowsTable rows={report.errors} label="Refused rows" tone="text-red-700" />
            </>
          )}
          {report.held_off_sale > 0 && (
            <>
              <p className="mt-3 text-sm font-medium text-slate-900">
                {report.held_off_sale === 1
                  ? '1 packaged product is off sale until its declarations are filled in'
                  : `${report.held_off_sale} packaged products are off sale until their declarations are filled in`}
                {report.held_off_sale > report.held.length ? ` (the first ${report.held.length}):` : ':'}
              </p>
              <ImportRowsTable rows={report.held} label="Rows kept off sale" tone="text-slate-800" />
            </>
          )}
        </div>
      )}
    </section>
  );
}
