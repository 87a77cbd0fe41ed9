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
 * tried. These rewrites (applied by src/server/source-rewrites.ts, which stops the build when their
 * text is gone) pass the options through.
 *
 * It also answers the renderer's `check` at once for an island from a .tsx/.jsx file: Astro asks
 * every renderer whether it owns an untagged component, and React's `check` answered by rendering
 * the component once inside a probe (`Tester`) — every island rendered twice on every page
 * (~2–3% of a cold product page). React is this project's only JSX renderer, so a function
 * component hydrated from a .tsx/.jsx module is React's.
 */
import type { SourceRewrite } from './source-rewrites.ts';

const SERVER_RENDERER = /[\\/]@astrojs[\\/]react[\\/]dist[\\/]server\.js$/;
const CHECK = 'async function check(Component, props, children, metadata) {';

/** The rewrites of @astrojs/react's server renderer: the island's render options, and `check`. */
export const REACT_RENDERER_REWRITES: SourceRewrite[] = [
  {
    name: 'react identifierPrefix',
    file: SERVER_RENDERER,
    find: 'ReactDOM.renderToString(vnode)',
    replace: 'ReactDOM.renderToString(vnode, renderOptions)',
    whenMissing: 'check whether @astrojs/react now passes identifierPrefix itself and drop this rewrite',
  },
  {
    name: 'react check',
    file: SERVER_RENDERER,
    find: CHECK,
    replace: `${CHECK}
  if (typeof Component === "function" && /\\.[jt]sx$/.test(metadata?.componentUrl ?? "")) return true;`,
    whenMissing: 'check how @astrojs/react recognises its components now',
  },
];
