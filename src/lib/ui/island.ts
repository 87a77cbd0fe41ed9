import { type ComponentType, memo } from 'react';

/**
 * Marks a React component as an island's export. `@astrojs/react` finds out whether a plain
 * function is a React component by rendering it once inside a test element before it renders
 * the island for real; a memo component is an object whose React type it recognises without
 * rendering, so each island renders once per page. The island's props come from the page once,
 * so the memo itself never skips a render.
 */
export function island<P extends object>(component: ComponentType<P>): ComponentType<P> {
  return memo(component) as unknown as ComponentType<P>;
}

/** Where a static island keeps its `useId` prefix (read by src/server/island-renderer.ts). */
export const STATIC_ISLAND = Symbol.for('farmfresh.static-island');

/**
 * Marks an island whose server HTML is the same on every page: it takes no props and its first
 * render reads nothing of the request, the time or the browser (stores at their initial value,
 * `hydrated` false). The static-island renderer renders it once per process and reuses the HTML;
 * `idPrefix` is the `useId` prefix it renders and hydrates with, unique among the page's islands
 * (React's renderer numbers its own r0, r1…).
 */
export function staticIsland(component: ComponentType, idPrefix: string): ComponentType {
  return Object.assign(memo(component), { [STATIC_ISLAND]: idPrefix }) as unknown as ComponentType;
}
