/**
 * Marks React islands whose server HTML depends on their props alone, so the server renders
 * each once per set of props and reuses the HTML (src/server/react-ssr-memo.ts).
 * Called from the server side of a layout (an .astro frontmatter), so the mark never reaches
 * the browser's bundle.
 *
 * Mark a component only when its first render reads nothing but its props and the initial
 * values of client stores: no request, date or clock, no per-visitor data, no randomness (its
 * `useId` values are safe: the island's id prefix is part of the key).
 */

/** The property the mark sets (to true) on a component function. */
export const SERVER_RENDER_MEMO = 'farmfreshServerRenderMemo';

/** Marks `components` (React function components) as rendered once per set of props. */
export function memoizeServerRender(...components: unknown[]): void {
  for (const component of components) {
    if (typeof component === 'function') (component as unknown as Record<string, unknown>)[SERVER_RENDER_MEMO] = true;
  }
}
