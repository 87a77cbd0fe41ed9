/**
 * The shop's renderer for React islands (the integration API's `addRenderer`, registered in
 * astro.config.mjs before `@astrojs/react`, with React's client entry): it renders every island
 * through `@astrojs/react`'s own server renderer and gives Astro the HTML in ASCII
 * (src/lib/ascii-html.ts says why a catalogue page must stay ASCII), and it renders the islands
 * marked with `staticIsland()` only once per process.
 *
 * - A static island (the navigation bar's search, Category control, cart icon and PIN form) has
 *   the same server HTML on every page: it is rendered once with React's `renderToString` and its
 *   fixed `useId` prefix, which `attrs.prefix` hands to `@astrojs/react`'s client to hydrate with.
 * - Every other React island goes to `@astrojs/react` (its `check`, its render with the page's
 *   numbered prefix); only its HTML is re-encoded.
 * The islands hydrate with `@astrojs/react`'s client as before.
 */
import type { NamedSSRLoadedRendererValue } from 'astro';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { asciiMarkup } from '#lib/ascii-html.ts';
import { STATIC_ISLAND } from '#lib/ui/island.ts';

type Renderer = Pick<NamedSSRLoadedRendererValue, 'check' | 'renderToStaticMarkup'>;

function idPrefixOf(component: unknown): string | undefined {
  if (!component || (typeof component !== 'object' && typeof component !== 'function')) return undefined;
  const prefix = (component as Record<symbol, unknown>)[STATIC_ISLAND];
  return typeof prefix === 'string' ? prefix : undefined;
}

/** Whether a static island is given nothing from the page (`slots` is Astro's rendered slots by name). */
const givenNothing = (props: Record<string, unknown>, slots: Record<string, unknown> | undefined) =>
  Object.keys(props).length === 0 && Object.keys(slots ?? {}).length === 0;

/** The renderer, over `react` (`@astrojs/react`'s server renderer, or a stand-in in tests). */
export function createIslandRenderer(react: Renderer): NamedSSRLoadedRendererValue {
  /** The HTML of each static island, rendered once. */
  const rendered = new Map<unknown, string>();

  return {
    name: 'farmfresh:islands',
    supportsAstroStaticSlot: true,

    async check(this: unknown, component, props, slots, metadata) {
      if (idPrefixOf(component) !== undefined && givenNothing(props, slots)) return true;
      return react.check.call(this, component, props, slots, metadata);
    },

    async renderToStaticMarkup(this: unknown, component, props, slots, metadata) {
      const prefix = idPrefixOf(component);
      if (prefix !== undefined && givenNothing(props, slots)) {
        let html = rendered.get(component);
        if (html === undefined) {
          html = asciiMarkup(renderToString(createElement(component as ComponentType), { identifierPrefix: prefix }));
          rendered.set(component, html);
        }
        return { html, attrs: { prefix } };
      }
      const out = await react.renderToStaticMarkup.call(this, component, props, slots, metadata);
      return { ...out, html: asciiMarkup(out.html) };
    },
  };
}
