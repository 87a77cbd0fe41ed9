/**
 * Every element id on a server-rendered page is unique, on its first render and on later ones
 * (served from the route cache): React's `useId` values of each island carry the island's own
 * prefix, so they differ from the other islands' on the page, or labels, `aria-controls` and
 * dialogs would point at the wrong element, and an island hydrating with another prefix than its
 * HTML's would not match it.
 */
import { describe, expect, inject, it } from 'vitest';

const PAGES = [
  '/',
  '/shop',
  '/product/1',
  '/product/2',
  '/search?q=banana',
  '/category/1/subcategories',
  '/cart',
  '/no-such-page',
];

describe.each(inject('servers'))('element ids on $kind', ({ baseUrl }) => {
  it('are unique on every page, rendered again and again', async () => {
    for (let round = 0; round < 2; round++) {
      for (const path of PAGES) {
        const res = await fetch(`${baseUrl}${path}${path.includes('?') ? '&' : '?'}round=${round}`, {
          headers: { accept: 'text/html', 'x-forwarded-for': '10.9.9.8' },
        });
        const html = await res.text();
        expect(html, path).toContain('</html>');
        const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
        const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
        expect(repeated, `${path} (round ${round})`).toEqual([]);
        // Each island's useId values carry its own prefix, the one it hydrates with: React's
        // renderer numbers them per page (r0, r1…).
        const islands = [...html.matchAll(/<astro-island[^>]*\sprefix="([^"]+)"[^>]*>([\s\S]*?)<\/astro-island>/g)];
        expect(islands.length, path).toBeGreaterThan(3);
        expect(new Set(islands.map((m) => m[1])).size, path).toBe(islands.length);
        for (const [, prefix, inner] of islands) {
          const used = [...inner!.matchAll(/"_([a-z0-9-]+?)R_[^"]*"/g)].map((m) => m[1]);
          expect(
            used.filter((p) => p !== prefix),
            `${path}: island ${prefix}`,
          ).toEqual([]);
        }
      }
    }
  });
});
