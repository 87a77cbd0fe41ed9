/**
 * An Astro renderer (the integration API's `addRenderer`, registered in astro.config.mjs before
 * `@astrojs/react`) for the islands marked with `staticIsland()`: the navigation bar's search,
 * Category control, cart icon and PIN form. Their server HTML is the same on every page, so it
 * is rendered once per process with React's `renderToString` and reused; React's own renderer
 * would render each of them again on every page (most of a cold page's island cost).
 *
 * The island hydrates with `@astrojs/react`'s client like any other: `attrs.prefix` becomes the
 * island's `prefix` attribute, the `useId` prefix React hydrates with, so the ids match.
 * Anything else (a component with props or children, or not marked) is left to `@astrojs/react`.
 */
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { STATIC_ISLAND } from '#lib/ui/island.ts';

/** The HTML of each static island, rendered once. */
const rendered = new Map<unknown, string>();

function idPrefixOf(component: unknown): string | undefined {
  if (!component || (typeof component !== 'object' && typeof component !== 'function')) return undefined;
  const prefix = (component as Record<symbol, unknown>)[STATIC_ISLAND];
  return typeof prefix === 'string' ? prefix : undefined;
}

/**
 * Whether this renderer takes the component: a static island given no props and nothing in its
 * slots (`slots` is Astro's rendered slots by name).
 */
async function check(
  component: unknown,
  props: Record<string, unknown>,
  slots: Record<string, unknown> | undefined,
): Promise<boolean> {
  return (
    idPrefixOf(component) !== undefined && Object.keys(props).length === 0 && Object.keys(slots ?? {}).length === 0
  );
}

async function renderToStaticMarkup(component: unknown): Promise<{ html: string; attrs: { prefix: string } }> {
  const prefix = idPrefixOf(component) as string;
  let html = rendered.get(component);
  if (html === undefined) {
    html = renderToString(createElement(component as ComponentType), { identifierPrefix: prefix });
    rendered.set(component, html);
  }
  return { html, attrs: { prefix } };
}

export default { name: 'farmfresh:static-islands', check, renderToStaticMarkup, supportsAstroStaticSlot: true };
