/**
 * A build-time fix for `@astrojs/react` with `experimentalDisableStreaming` (issue 13).
 *
 * Rendering islands to a string (`ReactDOM.renderToString`) instead of a stream costs far less
 * CPU per island, but @astrojs/react 7 calls `renderToString(vnode)` without the render options
 * it passes to the streaming renderers — so without the island's `identifierPrefix`. Every
 * island's `useId()` values then start from the same counter: two islands on a page emit the
 * same ids (a dialog's `aria-labelledby` names another island's heading), and the browser
 * hydrates with the prefix, so ids created after hydration differ from the server's. That is
 * what broke the account, address and checkout dialogs in e2e when string rendering was first
 * tried. This Vite plugin passes the options through; it fails the build when the call it
 * rewrites is no longer there, so an upgrade that fixes (or moves) it upstream is noticed.
 */
import type { Plugin } from 'vite';

const CALL = 'ReactDOM.renderToString(vnode)';
const FIXED = 'ReactDOM.renderToString(vnode, renderOptions)';

/** The Vite plugin: rewrites the one call in @astrojs/react's server renderer. */
export function reactStringIds(): Plugin {
  return {
    name: 'farmfresh:react-string-ids',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]@astrojs[\\/]react[\\/]dist[\\/]server\.js$/.test(id.split('?')[0])) return null;
      if (code.includes(FIXED)) return null;
      if (!code.includes(CALL)) {
        throw new Error(`farmfresh:react-string-ids: "${CALL}" not found in ${id}; check whether @astrojs/react now passes identifierPrefix itself and drop this plugin`);
      }
      return { code: code.replace(CALL, FIXED), map: null };
    },
  };
}
