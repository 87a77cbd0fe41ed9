/**
 * HTTP content codings the server sends: which one a client takes, and a body encoded in one
 * synchronous call. Used by the one run-time encoder of answers (dynamic-encoding.ts), whose
 * settings the route cache's stored pages share (src/lib/cache/page-store.ts).
 */
import { type BrotliOptions, brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** A content coding the server encodes bodies in. */
export type Encoding = 'br' | 'gzip';

/** A brotli quality (0–11) and a gzip level (1–9). */
export interface CodingLevels {
  br: number;
  gzip: number;
}

/**
 * The content coding to answer with for an Accept-Encoding header: br, else gzip, else null
 * (identity). A coding with q=0 is refused; `*` stands for any coding not named.
 * @example pickEncoding('gzip, deflate, br') // 'br'
 * @example pickEncoding('br;q=0, gzip') // 'gzip'
 */
export function pickEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const accepts = (coding: Encoding) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/**
 * Brotli's window (log2 of bytes) for a body of `bytes`: no larger than the body needs (10–24).
 * The default of 22 (4 MiB) makes the encoder set up buffers for 4 MiB even for an 80 KiB
 * page; a window sized to the body sets up less and compresses faster.
 */
export function brotliWindowBits(bytes: number): number {
  return Math.max(
    constants.BROTLI_MIN_WINDOW_BITS,
    Math.min(constants.BROTLI_MAX_WINDOW_BITS, Math.ceil(Math.log2(bytes + 1))),
  );
}

/** Brotli's settings for `body` at `quality`: the body's size as a hint and a window sized to it. */
function brotliOptions(body: Uint8Array, quality: number): BrotliOptions {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(body.byteLength),
    },
  };
}

/** `body` in `coding` at `levels`, encoded on this thread. */
export function encodeBody(body: Uint8Array, coding: Encoding, levels: CodingLevels): Buffer {
  return coding === 'br'
    ? brotliCompressSync(body, brotliOptions(body, levels.br))
    : gzipSync(body, { level: levels.gzip });
}
