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
