/**
 * A build-time change to Astro's `generateCspDigest` (issue 13): remember each digest.
 *
 * With `security.csp`, Astro hashes every script and style of a page into its
 * Content-Security-Policy on every render, through `crypto.subtle.digest` (a thread-pool job
 * and a promise each). They are the same few texts on every page (the islands' hydration
 * script, the head script, the layout's styles), so a cold product page spent ~3% of its main
 * thread (and more on the pool) hashing texts it had hashed before. This Vite plugin wraps the
 * function in a bounded memo (DIGEST_MEMO_SIZE texts; emptied when full); a text's digest does
 * not change. It fails the build when the function it wraps is no longer there, so an upgrade
 * that renames or moves it is noticed.
 */
import type { Plugin } from 'vite';

const SIGNATURE = 'async function generateCspDigest(data, algorithm) {';
/** Digests kept (distinct script and style texts; a page has a few dozen). */
const DIGEST_MEMO_SIZE = 512;
const MEMO = `const cspDigestMemo = new Map();
async function generateCspDigest(data, algorithm) {
  const key = algorithm + "\\u0000" + data;
  let digest = cspDigestMemo.get(key);
  if (digest === undefined) {
    digest = await generateCspDigestUncached(data, algorithm);
    if (cspDigestMemo.size >= ${DIGEST_MEMO_SIZE}) cspDigestMemo.clear();
    cspDigestMemo.set(key, digest);
  }
  return digest;
}
async function generateCspDigestUncached(data, algorithm) {`;

/** The Vite plugin: wraps `generateCspDigest` in astro/dist/core/encryption.js with a memo. */
export function cspDigestMemo(): Plugin {
  return {
    name: 'farmfresh:csp-digest-memo',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]astro[\\/]dist[\\/]core[\\/]encryption\.js$/.test(id.split('?')[0])) return null;
      if (code.includes('generateCspDigestUncached')) return null;
      if (!code.includes(SIGNATURE)) {
        throw new Error(`farmfresh:csp-digest-memo: "${SIGNATURE}" not found in ${id}; check how Astro hashes CSP resources now and update or drop this plugin`);
      }
      return { code: code.replace(SIGNATURE, MEMO), map: null };
    },
  };
}
