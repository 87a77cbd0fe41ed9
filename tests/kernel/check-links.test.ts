/**
 * The relative-link check of `npm run lint:links` (scripts/check-links.ts), on a folder of its own: a good
 * link, a link to a missing file, an anchor to a heading that is not there, and what it must leave alone.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anchorsOf, checkLinks, linksOf, slugOf } from '../../scripts/check-links.ts';

describe('check-links', () => {
  let root: string;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'check-links-'));
    mkdirSync(join(root, 'docs/adr'), { recursive: true });
    mkdirSync(join(root, 'node_modules/pkg'), { recursive: true });
    writeFileSync(
      join(root, 'docs/adr/0001-first.md'),
      ['# 0001. First', '', '## The `client:signedin` directive', '', '## Notes', '', '## Notes', ''].join('\n'),
    );
    writeFileSync(
      join(root, 'README.md'),
      [
        '# Shop',
        '',
        'Good: [first](docs/adr/0001-first.md), [directive](docs/adr/0001-first.md#the-clientsignedin-directive),',
        '[second notes](docs/adr/0001-first.md#notes-1), [a folder](docs/adr/), [here](#shop).',
        'Skipped: [site page](/contact-us), [web](https://example.com/x.md), [mail](mailto:a@b.c).',
        'Code is not a link: `[x](missing-in-code.md)`.',
        '',
        '```md',
        '[y](missing-in-fence.md)',
        '```',
        '',
        'Broken: [gone](docs/adr/0002-gone.md) and [no heading](docs/adr/0001-first.md#third).',
        '',
        '[ref]: docs/missing-ref.md',
        '',
      ].join('\n'),
    );
    // Dependencies' Markdown is not ours to check.
    writeFileSync(join(root, 'node_modules/pkg/README.md'), '[broken](nowhere.md)\n');
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('lists each broken link with its file, line and reason, and nothing else', () => {
    expect(checkLinks(root)).toEqual([
      { file: 'README.md', line: 12, target: 'docs/adr/0002-gone.md', reason: 'no such file: docs/adr/0002-gone.md' },
      {
        file: 'README.md',
        line: 12,
        target: 'docs/adr/0001-first.md#third',
        reason: 'no heading #third in docs/adr/0001-first.md',
      },
      { file: 'README.md', line: 14, target: 'docs/missing-ref.md', reason: 'no such file: docs/missing-ref.md' },
    ]);
  });

  it('passes a folder whose links all resolve', () => {
    writeFileSync(join(root, 'README.md'), '# Shop\n\n[first](docs/adr/0001-first.md#0001-first)\n');
    expect(checkLinks(root)).toEqual([]);
  });

  it('slugs headings as GitHub does', () => {
    expect(slugOf('0086. The Node adapter — through its doors')).toBe('0086-the-node-adapter--through-its-doors');
    expect(slugOf('Sign-in limits')).toBe('sign-in-limits');
    expect(slugOf('Cart: the badge (99+)')).toBe('cart-the-badge-99');
    expect([...anchorsOf('## A\n\n## A\n\n## A-1\n')]).toEqual(['a', 'a-1', 'a-1-1']);
  });

  it('reads titles and angle brackets around a target', () => {
    expect(linksOf('[a](x.md "Title") and [b](<y z.md>)').map((l) => l.target)).toEqual(['x.md', 'y z.md']);
  });
});
