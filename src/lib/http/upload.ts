/**
 * Reading one uploaded file from a multipart/form-data body (a route declared with `fileField`,
 * contract.ts), with the form's text fields when the route takes some beside it. The body is read
 * within the route's own cap (413 past it, as readBody does), then parsed by the platform's
 * FormData; the text fields are held to readBody's character rules; the file's bytes are the
 * handler's to judge.
 */

import { BodyTooLargeError, declaredLength, findDisallowedField, readCapped } from './edge-input.ts';
import { AppError, badRequest, disallowed } from './envelope.ts';

/** One uploaded file: its name as the client gave it, its declared media type and its bytes. */
export interface UploadedFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** A multipart form: its text fields and the file sent under the route's field (null when none). */
export interface UploadedForm {
  fields: Record<string, string>;
  file: UploadedFile | null;
}

/**
 * The form's text fields and the file sent under `field` (null when the form has none, or an
 * empty one). Throws 413 with `tooLargeMessage` when the body passes `limit` bytes, 400 when it is
 * not multipart form data or a text field holds a disallowed character.
 */
export async function readUploadedForm(
  request: Request,
  field: string,
  limit: number,
  tooLargeMessage: string,
): Promise<UploadedForm> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().includes('multipart/form-data'))
    throw badRequest(`Send the file as multipart/form-data in the field "${field}".`);
  if ((declaredLength(request.headers.get('content-length')) ?? 0) > limit)
    throw new AppError('payload_too_large', tooLargeMessage);
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await readCapped(request.body, limit);
  } catch (err) {
    if (err instanceof BodyTooLargeError) throw new AppError('payload_too_large', tooLargeMessage);
    throw badRequest('The request body could not be read.');
  }
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { 'content-type': type } }).formData();
  } catch {
    throw badRequest('The form data could not be read.');
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === 'string') fields[key] = value;
  const bad = findDisallowedField(fields);
  if (bad !== null) throw disallowed(bad);
  const file = form.get(field);
  if (!file || typeof file === 'string' || file.size === 0) return { fields, file: null };
  return { fields, file: { name: file.name, type: file.type, bytes: new Uint8Array(await file.arrayBuffer()) } };
}

/**
 * The file sent under `field`, or null when the form has none (or an empty one). Throws 413 with
 * `tooLargeMessage` when the body passes `limit` bytes, 400 when it is not multipart form data.
 */
export async function readUploadedFile(
  request: Request,
  field: string,
  limit: number,
  tooLargeMessage: string,
): Promise<UploadedFile | null> {
  return (await readUploadedForm(request, field, limit, tooLargeMessage)).file;
}
