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
 *
 * It also answers the renderer's `check` at once for an island from a .tsx/.jsx file: Astro asks
 * every renderer whether it owns an untagged component, and React's `check` answered by rendering
 * the component once inside a probe (`Tester`) — every island rendered twice on every page
 * (~2–3% of a cold product page). React is this project's only JSX renderer, so a function
 * component hydrated from a .tsx/.jsx module is React's.
 */
import type { Plugin } from 'vite';

const CALL = 'ReactDOM.renderToString(vnode)';
const FIXED = 'ReactDOM.renderToString(vnode, renderOptions)';
const CHECK = 'async function check(Component, props, children, metadata) {';
const CHECK_FAST = `${CHECK}
  if (typeof Component === "function" && /\\.[jt]sx$/.test(metadata?.componentUrl ?? "")) return true;`;

/** The Vite plugin: rewrites the render call and `check` in @astrojs/react's server renderer. */
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
      if (!code.includes(CHECK)) throw new Error(`farmfresh:react-string-ids: "${CHECK}" not found in ${id}; check how @astrojs/react recognises its components now`);
      return { code: code.replace(CALL, FIXED).replace(CHECK, CHECK_FAST), map: null };
    },
  };
}
