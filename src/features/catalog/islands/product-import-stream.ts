/**
 * The browser's side of the catalogue import: posts the CSV file as it is (text/csv, streamed by
 * the browser, never read into the page) to /api/admin/products/import and
 * reads its NDJSON answer line by line, handing on progress and the summary as they arrive.
 */
import { ApiError } from '#lib/http/api-client.ts';
import { adminFailure } from '#lib/ui/admin-errors.ts';
import type { ImportReport } from '../contract.ts';

/** One line of the import's answer. */
interface ImportMessage {
  progress?: { done: number; total: number };
  success?: boolean;
  message?: string;
  data?: ImportReport;
}

/** What the import tells its caller while it runs. */
export interface ImportListener {
  onProgress: (progress: { done: number; total: number }) => void;
  onReport: (report: ImportReport) => void;
}

/**
 * Imports `csv` (writing its `stock` column only when `updateStock`), calling `listener` for each
 * progress line and the summary. Throws an Error whose message is for people when the session is
 * gone, the server refuses the file (too large, too many rows, a bad header) or the import fails.
 */
export async function streamImport(csv: Blob, updateStock: boolean, listener: ImportListener): Promise<void> {
  const res = await fetch(`/api/admin/products/import?update_stock=${updateStock}`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', accept: 'application/x-ndjson' },
    body: csv,
  });
  if (res.status === 401) throw new Error(adminFailure(new ApiError('', 401)));
  if (!res.ok || !res.body) {
    const failed = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(failed?.message ?? `The import failed (${res.status}).`);
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += value;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines.filter(Boolean)) {
      const message = JSON.parse(line) as ImportMessage;
      if (message.progress) listener.onProgress(message.progress);
      else if (message.success && message.data) listener.onReport(message.data);
      else if (message.success === false) throw new Error(message.message ?? 'The import failed.');
    }
  }
}
