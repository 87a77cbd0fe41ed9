/**
 * The HTML of every route in the spec's route table, and of the 404 page, passes html-validate
 * with the project's .htmlvalidate.json. Page addresses come from route-table.ts.
 */

import path from 'node:path';
import { FileSystemConfigLoader, HtmlValidate, type Message } from 'html-validate';
import { describe, expect, inject, it } from 'vitest';
import { routeTable } from '../helpers/route-table.ts';

/** Reads the project's .htmlvalidate.json (found from the pretend file name below). */
const validator = new HtmlValidate(new FileSystemConfigLoader());

/**
 * Astro writes its island bootstrap style where the first island appears in <body>; the HTML
 * standard only allows <style> in <head>. Browsers accept it and it is not ours to move, so it
 * is taken out before validating; every other error counts.
 */
const ASTRO_ISLAND_STYLE = /<style>astro-island,astro-slot(,astro-static-slot)?\{display:contents\}<\/style>/g;

const describeMessage = (m: Message) => `${m.line}:${m.column} [${m.ruleId}] ${m.message} (${m.selector ?? ''})`;

for (const { kind, baseUrl } of inject('servers')) {
  const paths = [
    ...(await routeTable(baseUrl)).map((r) => r.path),
    '/blog/onam-sadya-shopping-list',
    '/search?q=banana',
    '/search?q=jakfroot',
    '/no-such-page',
  ];
  describe(`HTML validity (${kind})`, () => {
    it.each(paths)('%s has no html-validate errors', async (route) => {
      const res = await fetch(`${baseUrl}${route}`);
      const html = (await res.text()).replace(ASTRO_ISLAND_STYLE, '');
      const report = await validator.validateString(html, path.resolve('routes', `${route.replace(/\W+/g, '_')}.html`));
      const errors = report.results.flatMap((r) => r.messages).filter((m) => m.severity === 2);
      expect(errors.map(describeMessage)).toEqual([]);
    });
  });
}
