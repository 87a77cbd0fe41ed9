/**
 * Build-time rewrites of dependencies' code (issue 13): each replaces one exact text in one
 * module as Vite bundles it. A rewrite whose text is no longer in its module stops the build,
 * naming the rewrite, so an upgrade that fixes, renames or moves the code is noticed instead of
 * silently undone. The rewrites themselves, with why each exists: src/server/react-string-ids.ts,
 * src/server/node-app-handler.ts, src/server/astro-memos.ts.
 */
import type { Plugin } from 'vite';

/** One rewrite: in the module whose path matches `file`, `find` (exact text, once) becomes `replace`. */
export interface SourceRewrite {
  /** Short name for the error message. */
  name: string;
  file: RegExp;
  find: string;
  replace: string;
  /** What to check when `find` is gone. */
  whenMissing: string;
}

/** The Vite plugin applying `rewrites` (several may target one module). */
export function sourceRewrites(rewrites: SourceRewrite[]): Plugin {
  return {
    name: 'farmfresh:source-rewrites',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0]!;
      const mine = rewrites.filter((r) => r.file.test(file) && !code.includes(r.replace));
      if (mine.length === 0) return null;
      for (const r of mine) {
        if (!code.includes(r.find))
          throw new Error(`farmfresh:source-rewrites (${r.name}): "${r.find}" not found in ${id}; ${r.whenMissing}`);
        code = code.replace(r.find, r.replace);
      }
      return { code, map: null };
    },
  };
}
