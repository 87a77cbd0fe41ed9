/**
 * One-shot compression of every answer made per request: the one compression path for pages and
 * JSON. A fresh answer is encoded cheaply and whole: brotli quality DYNAMIC_BROTLI_QUALITY (with
 * the body's size as a hint), or gzip level DYNAMIC_GZIP_LEVEL for a client without brotli, in one
 * synchronous call whose native memory is freed on return. A page the route cache stores is kept
 * as encoded here and encoded again at a better setting only once it is asked for repeatedly
 * (src/lib/cache/page-store.ts).
 *
 * Why not the `compression` package's stream for these: each brotli stream holds native buffers
 * until the garbage collector finalises it, and under the server's 128 MiB heap that external
 * memory forces full collections (docs/performance.md).
 */
import { encodeBody, pickEncoding, type Encoding } from './content-coding.ts';

/** Smallest answer compressed (1 KiB; as the listener's `compression` threshold). */
export const COMPRESS_FROM_BYTES = 1024;
/** Brotli quality and gzip level for answers made per request. */
export const DYNAMIC_BROTLI_QUALITY = 1;
export const DYNAMIC_GZIP_LEVEL = 2;

/**
 * Content types encoded here: pages and JSON answers, which are rendered whole anyway. The
 * listener sends a path that cannot name a file (a page or an endpoint: HTML or JSON) without
 * the `compression` stream; other answers (the sitemap's streamed XML, the emoji SVGs, static
 * files) keep it.
 */
const ENCODED_HERE = /^(text\/html|application\/(json|problem\+json))/i;

/** `body` in a content coding, at the cheap settings above. */
export function encodeDynamic(body: Uint8Array, coding: Encoding): Buffer {
  return encodeBody(body, coding, { br: DYNAMIC_BROTLI_QUALITY, gzip: DYNAMIC_GZIP_LEVEL });
}

/**
 * The response encoded for the client's Accept-Encoding (br, else gzip), with Content-Encoding,
 * `Vary: Accept-Encoding` and Content-Length set; returned untouched when it is already
 * encoded, has no body to speak of (HEAD, 204, 304), is under COMPRESS_FROM_BYTES, is not a
 * compressible type, or the client takes no coding. The body is read whole: only for answers
 * rendered whole anyway (pages render to a string; API answers are JSON texts).
 */
export async function encodeResponse(
  response: Response,
  acceptEncoding: string | null,
  method: string,
): Promise<Response> {
  if (method === 'HEAD' || !response.body || response.status === 204 || response.status === 304) return response;
  if (response.headers.has('content-encoding') || !ENCODED_HERE.test(response.headers.get('content-type') ?? ''))
    return response;
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared < COMPRESS_FROM_BYTES) return response;
  const coding = pickEncoding(acceptEncoding);
  if (!coding) return response;
  const body = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  headers.append('vary', 'Accept-Encoding');
  if (body.byteLength < COMPRESS_FROM_BYTES) {
    headers.set('content-length', String(body.byteLength));
    return new Response(body, { status: response.status, statusText: response.statusText, headers });
  }
  const encoded = encodeDynamic(body, coding);
  headers.set('content-encoding', coding);
  headers.set('content-length', String(encoded.byteLength));
  return new Response(encoded as Uint8Array<ArrayBuffer>, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
