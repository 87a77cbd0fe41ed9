/**
 * Reading one uploaded file from a multipart/form-data body (a route declared with `fileField`,
 * contract.ts). The body is read within the route's own cap (413 past it, as readBody does), then
 * parsed by the platform's FormData; the file's bytes are the handler's to judge.
 */

import { BodyTooLargeError, declaredLength, readCapped } from './edge-input.ts';
import { AppError, badRequest } from './envelope.ts';

/** One uploaded file: its name as the client gave it, its declared media type and its bytes. */
export interface UploadedFile {
  name: string;
  type: string;
  bytes: Uint8Array;
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
  const file = form.get(field);
  if (!file || typeof file === 'string' || file.size === 0) return null;
  return { name: file.name, type: file.type, bytes: new Uint8Array(await file.arrayBuffer()) };
}
