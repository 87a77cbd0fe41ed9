/**
 * The island renderer renders a static island (marked with staticIsland() and given nothing from
 * the page) once, with its own useId prefix (the one it hydrates with), and gives every page the
 * same HTML; every other island goes to @astrojs/react's renderer (here a stand-in that renders
 * with React the same way). Whatever renders it, an island's HTML reaches the page in ASCII.
 */
import { createElement, type ComponentType, useId, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createIslandRenderer } from '#server/island-renderer.ts';
import { island, staticIsland } from '#lib/ui/island.ts';

let renders = 0;
function SearchField() {
  renders++;
  const id = useId();
  const [query] = useState('');
  return createElement('label', { htmlFor: id }, 'Search… ', createElement('input', { id, defaultValue: query }));
}
const Static = staticIsland(SearchField, 'nav-test-');

function Price({ label }: { label: string }) {
  return createElement('button', { type: 'button', 'aria-label': `Add – ${label}` }, '−', label);
}

/** A stand-in for @astrojs/react's server renderer: takes memo components, renders them with React. */
const calls: unknown[] = [];
const react = {
  async check(component: unknown) {
    return typeof component === 'object' && component !== null;
  },
  async renderToStaticMarkup(this: unknown, component: unknown, props: Record<string, unknown>) {
    calls.push(this);
    return { html: renderToString(createElement(component as ComponentType, props)), attrs: { prefix: 'r0' } };
  },
};
const renderer = createIslandRenderer(react);

describe('island renderer', () => {
  it('takes a static island given nothing, and leaves the rest to React’s renderer’s check', async () => {
    expect(await renderer.check(Static, {}, {})).toBe(true);
    expect(await renderer.check(island(Price), { label: '₹5' }, {})).toBe(true);
    expect(await renderer.check(SearchField, {}, {})).toBe(false);
  });

  it('renders a static island once, with its own useId prefix, and gives every page the same HTML', async () => {
    const before = renders;
    const first = await renderer.renderToStaticMarkup(Static, {}, {});
    const second = await renderer.renderToStaticMarkup(Static, {}, {});
    expect(renders - before).toBe(1);
    expect(second).toEqual(first);
    expect(first.attrs?.prefix).toBe('nav-test-');
    const ids = [...first.html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toHaveLength(1);
    expect(ids[0]).toContain('nav-test-');
    expect(first.html).toContain(`for="${ids[0]}"`);
    expect(first.html).toContain('Search&#x2026; ');
  });

  it('renders other islands through React’s renderer, with Astro’s context, and writes their HTML in ASCII', async () => {
    const context = { result: {} };
    const out = await renderer.renderToStaticMarkup.call(context, island(Price), { label: '₹5.00' }, {});
    expect(calls.at(-1)).toBe(context);
    expect(out.attrs?.prefix).toBe('r0');
    expect(out.html).toBe(
      '<button type="button" aria-label="Add &#x2013; &#x20b9;5.00">&#x2212;<!-- -->&#x20b9;5.00</button>',
    );
    expect(/[\u0080-\uffff]/.test(out.html)).toBe(false);
  });
});
