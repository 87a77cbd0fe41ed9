/**
 * A build-time change to `@astrojs/react`'s server renderer (issue 13; docs/performance.md
 * "Navigation islands rendered once"): the server HTML of an island whose component is marked
 * with `memoizeServerRender` (src/lib/ui/server-render-memo.ts) is kept and reused, keyed by the
 * island's props and its `useId` prefix, instead of rendering it with React on every page.
 *
 * Every page's navigation bar has the same five islands (search, categories, cart, account,
 * deliver-to) with the same props; rendering them was ~15% of a cold product page's CPU and
 * more of a listing's. Only a component whose server render depends on its props alone may be
 * marked (no request, clock or per-visitor state: those come after hydration). An island with
 * children or slots, or rendered for a form action, is always rendered. At most
 * MEMO_ENTRIES_PER_COMPONENT answers are kept per component (emptied when full).
 *
 * Applied by src/server/source-rewrites.ts, which stops the build when the text is gone.
 */
import type { SourceRewrite } from './source-rewrites.ts';
import { SERVER_RENDER_MEMO } from '#lib/ui/server-render-memo.ts';

/** Answers kept per marked component (distinct props × useId prefixes). */
export const MEMO_ENTRIES_PER_COMPONENT = 64;

const file = /[\\/]@astrojs[\\/]react[\\/]dist[\\/]server\.js$/;
const whenMissing = 'check how @astrojs/react renders an island on the server now and update or drop this rewrite';
const RENDER = 'async function renderToStaticMarkup(Component, props, { default: children, ...slotted }, metadata) {';
const VNODE = 'const vnode = React.createElement(Component, newProps);';
const RETURN = 'return { html, attrs };';

/** The three rewrites: the memo itself, the look-up before React renders, the store after. */
export const REACT_SSR_MEMO_REWRITES: SourceRewrite[] = [
  {
    name: 'react server render memo (store)',
    file,
    whenMissing,
    find: RENDER,
    replace: `const serverRenderMemo = new WeakMap();
function rememberServerRender(Component, key, html) {
  let entries = serverRenderMemo.get(Component);
  if (entries === undefined) serverRenderMemo.set(Component, (entries = new Map()));
  if (entries.size >= ${MEMO_ENTRIES_PER_COMPONENT}) entries.clear();
  entries.set(key, html);
}
${RENDER}`,
  },
  {
    name: 'react server render memo (look-up)',
    file,
    whenMissing,
    find: VNODE,
    replace: `const memoKey = Component[${JSON.stringify(SERVER_RENDER_MEMO)}] === true && children == null && Object.keys(slotted).length === 0 && !formState ? (prefix ?? "") + "\\u0000" + JSON.stringify(props) : undefined;
  const remembered = memoKey === undefined ? undefined : serverRenderMemo.get(Component)?.get(memoKey);
  if (remembered !== undefined) return { html: remembered, attrs };
  ${VNODE}`,
  },
  {
    name: 'react server render memo (keep)',
    file,
    whenMissing,
    find: RETURN,
    replace: `if (memoKey !== undefined) rememberServerRender(Component, memoKey, html);
  ${RETURN}`,
  },
];
