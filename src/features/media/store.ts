/**
 * The media feature's browser side: `uploadImage`, which islands (the product form's photo
 * manager, the category and banner screens) call to upload one photo. It sends the file as the
 * upload route's multipart form (contract.ts) with XMLHttpRequest, the browser API that reports
 * upload progress, and answers what the route answers; a failure is an ApiError with the server's
 * message, shown as it is. A 401 is announced like every other call's (api-client.ts).
 */
import { ApiError, notifyUnauthorized } from '#lib/http/api-client.ts';
import type { uploadMediaRoute } from './contract.ts';
import { MAX_PHOTO_BYTES, MEDIA_MESSAGES, PHOTO_TYPES, type UploadedImage } from './rules.ts';

/** Options of one upload: progress as a fraction sent (0–1), and a signal that cancels it. */
export interface UploadOptions {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

const UPLOAD_PATH: (typeof uploadMediaRoute)['path'] = '/api/admin/media';

/**
 * Uploads one photo and resolves with the value to store, its preview URL and its size. A file
 * over 10 MB or of another type than JPEG, PNG or WebP is refused here with the server's own
 * message, without sending it.
 * @throws ApiError with the message to show (status 0 when the network failed).
 */
export function uploadImage(file: File, options: UploadOptions = {}): Promise<UploadedImage> {
  if (file.size > MAX_PHOTO_BYTES) return Promise.reject(new ApiError(MEDIA_MESSAGES.tooLarge, 413));
  // An empty type (a browser that cannot tell) goes to the server, which judges by the bytes.
  if (file.type && !(PHOTO_TYPES as readonly string[]).includes(file.type))
    return Promise.reject(new ApiError(MEDIA_MESSAGES.wrongType, 415));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_PATH);
    xhr.responseType = 'json';
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as { success?: boolean; message?: string; data?: UploadedImage } | null;
      if (xhr.status === 201 && body?.success && body.data) return resolve(body.data);
      if (xhr.status === 401) notifyUnauthorized();
      reject(new ApiError(body?.message || MEDIA_MESSAGES.failed, xhr.status));
    };
    xhr.onerror = () => reject(new ApiError(MEDIA_MESSAGES.failed, 0));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
