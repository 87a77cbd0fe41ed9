/**
 * A build-time change to Astro's `renderPage` (astro/dist/runtime/server/render/page.js): the
 * rendered page's text becomes bytes through `utf8Bytes` (src/lib/http/utf8.ts, the same bytes
 * ~7× faster than the `TextEncoder` Astro uses) for both kinds of page it renders (issue 13;
 * docs/performance.md "A page's text to bytes"). Applied by src/server/source-rewrites.ts, which
 * stops the build when the text is no longer there.
 */
import { fileURLToPath } from 'node:url';
import type { SourceRewrite } from './source-rewrites.ts';

const UTF8_MODULE = JSON.stringify(fileURLToPath(new URL('../lib/http/utf8.ts', import.meta.url)));
const file = /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]render[\\/]page\.js$/;
const whenMissing = "check how Astro's renderPage turns a page into bytes now and update or drop this rewrite";

/** The rewrites of renderPage's two `encoder.encode` calls (and the import they need). */
export const ASTRO_PAGE_BYTES_REWRITES: SourceRewrite[] = [
  { name: 'astro page bytes (import)', file, whenMissing, find: 'import { encoder } from "./common.js";', replace: `import { utf8Bytes } from ${UTF8_MODULE};` },
  { name: 'astro page bytes (component page)', file, whenMissing, find: 'const bytes = encoder.encode(str);', replace: 'const bytes = utf8Bytes(str);' },
  { name: 'astro page bytes (Astro page)', file, whenMissing, find: 'body = encoder.encode(body);', replace: 'body = utf8Bytes(body);' },
];
