/**
 * The static-island renderer takes only islands marked with staticIsland() and given nothing
 * from the page, renders them with their own useId prefix (the one they hydrate with), and gives
 * every page the same HTML; anything else goes on to @astrojs/react.
 */
import { createElement, useId, useState } from 'react';
import { describe, expect, it } from 'vitest';
import renderer from '#server/static-island-renderer.ts';
import { island, staticIsland } from '#lib/ui/island.ts';

let renders = 0;
function SearchField() {
  renders++;
  const id = useId();
  const [query] = useState('');
  return createElement('label', { htmlFor: id }, 'Search', createElement('input', { id, defaultValue: query }));
}
const Static = staticIsland(SearchField, 'nav-test-');

describe('static-island renderer', () => {
  it('takes a static island given no props and no slots, and nothing else', async () => {
    expect(await renderer.check(Static, {}, {})).toBe(true);
    expect(await renderer.check(Static, { term: 'rice' }, {})).toBe(false);
    expect(await renderer.check(Static, {}, { default: '<p>child</p>' })).toBe(false);
    expect(await renderer.check(island(SearchField), {}, {})).toBe(false);
    expect(await renderer.check(SearchField, {}, {})).toBe(false);
  });

  it('renders once, with the island’s own useId prefix, and gives every page the same HTML', async () => {
    const before = renders;
    const first = await renderer.renderToStaticMarkup(Static);
    const second = await renderer.renderToStaticMarkup(Static);
    expect(renders - before).toBe(1);
    expect(second).toEqual(first);
    expect(first.attrs.prefix).toBe('nav-test-');
    const ids = [...first.html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toHaveLength(1);
    expect(ids[0]).toContain('nav-test-');
    expect(first.html).toContain(`for="${ids[0]}"`);
  });
});
