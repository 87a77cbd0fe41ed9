/**
 * The one compression of answers made at run time: the Astro middleware passes every answer it
 * makes through `encodeResponse` (src/middleware.ts) — pages, JSON, and the other compressible
 * types Astro serves (the sitemap's XML, robots.txt, the /media SVGs), each read whole and
 * encoded in one synchronous call: brotli quality DYNAMIC_BROTLI_QUALITY (the body's size as a
 * hint), or gzip level DYNAMIC_GZIP_LEVEL for a client without brotli; its native memory is freed
 * on return. The route cache keeps a page in the bytes made here and makes another coding with
 * `encodeDynamic` (src/lib/cache/page-store.ts). The build's files are compressed at build time
 * (astro-compressor) and never here; under `astro dev` nothing is compressed.
 *
 * Why not a compression stream: each brotli stream holds native buffers until the garbage
 * collector finalises it, and under a bounded heap that external memory forces full
 * collections (docs/performance.md).
 */
import { type Encoding, encodeBody, pickEncoding } from './content-coding.ts';

/** Smallest answer compressed (1 KiB): below it, the coding saves less than it costs. */
export const COMPRESS_FROM_BYTES = 1024;
/** Brotli quality and gzip level for answers made per request. */
export const DYNAMIC_BROTLI_QUALITY = 1;
export const DYNAMIC_GZIP_LEVEL = 2;

/**
 * Content types encoded here: text (but not an event stream), JSON and XML (their `+json` and
 * `+xml` kinds, SVG among them) and JavaScript. Not `application/x-ndjson`: a progress stream
 * (src/lib/http/handler.ts `implementStream`) goes out line by line, as it comes.
 */
const COMPRESSIBLE =
  /^(text\/(?!event-stream)|application\/(json|xml|javascript|problem\+json)|application\/[\w.+-]+\+(json|xml)|image\/svg\+xml)/i;

/** `body` in a content coding, at the cheap settings above. */
export function encodeDynamic(body: Uint8Array, coding: Encoding): Buffer {
  return encodeBody(body, coding, { br: DYNAMIC_BROTLI_QUALITY, gzip: DYNAMIC_GZIP_LEVEL });
}

/**
 * The response encoded for the client's Accept-Encoding (br, else gzip), with Content-Encoding,
 * `Vary: Accept-Encoding` and Content-Length set; returned untouched when it is already
 * encoded, has no body (204, 304, an endpoint's HEAD), says `Cache-Control: no-transform`, is
 * under COMPRESS_FROM_BYTES, is not a compressible type, or the client takes no coding. The
 * body is read whole (see the module comment). A page's HEAD is rendered like its GET, so it is
 * encoded the same way and carries the headers GET would (its coding, length and Vary); Node
 * sends no body for it.
 */
export async function encodeResponse(response: Response, acceptEncoding: string | null): Promise<Response> {
  if (!response.body || response.status === 204 || response.status === 304) return response;
  if (response.headers.has('content-encoding') || !COMPRESSIBLE.test(response.headers.get('content-type') ?? ''))
    return response;
  if (/(^|,)\s*no-transform\s*(,|$)/i.test(response.headers.get('cache-control') ?? '')) return response;
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
