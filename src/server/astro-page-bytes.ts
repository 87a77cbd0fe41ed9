/**
 * Build-time changes to how Astro turns a server-rendered page into bytes (issue 13;
 * docs/performance.md "Third pass"). Applied by src/server/source-rewrites.ts, which stops the
 * build when a text below is no longer there.
 *
 * - `renderStreamToString` (astro/dist/runtime/server/render/astro/render.js) builds a page's
 *   text by appending each rendered chunk to one string. For the page itself (`isPage`) it now
 *   starts a new part every PAGE_PART_CHARS characters and returns a `PageText` of the parts
 *   (src/lib/http/utf8.ts); everything else it renders is a string as before.
 * - `renderPage` (astro/dist/runtime/server/render/page.js) encodes that text, or a whole
 *   string, with `utf8Bytes` (the same bytes as the `TextEncoder` Astro uses, several times faster).
 */
import { fileURLToPath } from 'node:url';
import type { SourceRewrite } from './source-rewrites.ts';

const UTF8_MODULE = JSON.stringify(fileURLToPath(new URL('../lib/http/utf8.ts', import.meta.url)));
const PAGE = /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]render[\\/]page\.js$/;
const RENDER = /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]render[\\/]astro[\\/]render\.js$/;
const whenMissing = 'check how Astro renders a page to a string and into bytes now, and update or drop this rewrite';

const APPEND = '      str += chunkToString(result, chunk);\n';
const RETURN = '  await renderStreaming(templateResult, result, destination);\n  return str;\n}';

/** The rewrites of Astro's page text (render.js) and its encoding (page.js). */
export const ASTRO_PAGE_BYTES_REWRITES: SourceRewrite[] = [
  {
    name: 'astro page text (import)',
    file: RENDER,
    whenMissing,
    find: 'import { renderStreaming } from "../streaming.js";',
    replace: `import { renderStreaming } from "../streaming.js";\nimport { PageText, PAGE_PART_CHARS } from ${UTF8_MODULE};`,
  },
  {
    name: 'astro page text (parts)',
    file: RENDER,
    whenMissing,
    find: 'async function renderStreamToString(result, templateResult, isPage) {\n  let str = "";\n',
    replace:
      'async function renderStreamToString(result, templateResult, isPage) {\n  let str = "";\n  let pageParts;\n',
  },
  {
    name: 'astro page text (part)',
    file: RENDER,
    whenMissing,
    find: APPEND,
    replace: `${APPEND}      if (isPage && str.length >= PAGE_PART_CHARS) {\n        (pageParts ??= []).push(str);\n        str = "";\n      }\n`,
  },
  {
    name: 'astro page text (return)',
    file: RENDER,
    whenMissing,
    find: RETURN,
    replace:
      '  await renderStreaming(templateResult, result, destination);\n  if (pageParts === undefined) return str;\n  pageParts.push(str);\n  return new PageText(pageParts);\n}',
  },
  {
    name: 'astro page bytes (import)',
    file: PAGE,
    whenMissing,
    find: 'import { encoder } from "./common.js";',
    replace: `import { utf8Bytes, PageText } from ${UTF8_MODULE};`,
  },
  {
    name: 'astro page bytes (component page)',
    file: PAGE,
    whenMissing,
    find: 'const bytes = encoder.encode(str);',
    replace: 'const bytes = utf8Bytes(str);',
  },
  {
    name: 'astro page bytes (page text)',
    file: PAGE,
    whenMissing,
    find: 'if (!streaming && typeof body === "string") {',
    replace: 'if (!streaming && (typeof body === "string" || body instanceof PageText)) {',
  },
  {
    name: 'astro page bytes (Astro page)',
    file: PAGE,
    whenMissing,
    find: 'body = encoder.encode(body);',
    replace: 'body = utf8Bytes(body);',
  },
];
