/**
 * `npm run lint:links`: every relative link in the repository's Markdown files points at a file or folder that
 * exists, and a `#anchor` into a Markdown file names one of its headings.
 *
 * Links are read as `[text](target)`, `![alt](target)` and reference definitions (`[name]: target`), outside
 * fenced code blocks, inline code and HTML comments. A target with a scheme (`https:`, `mailto:`) or starting
 * with `/` (a page of the shop's site, as the content collection's pages write them) is not a file of the
 * repository and is skipped. Anchors are compared with headings slugged as GitHub does (lower case, punctuation
 * dropped, spaces to hyphens, `-1`, `-2` for repeats) and with explicit `<a id>`/`<a name>` anchors.
 * Exits non-zero and lists each broken link when one is found.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Folders that hold no Markdown of ours: dependencies, builds, test output and the data folder. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report']);

/** One link that points nowhere. */
export interface BrokenLink {
  /** The Markdown file, relative to the checked root. */
  file: string;
  /** 1-based line of the link. */
  line: number;
  /** The link's target as written. */
  target: string;
  /** Why it is broken. */
  reason: string;
}

/** Every `.md` file under `root`, skipping dot-folders and SKIPPED_DIRS (and any `dist-*` build). */
export function markdownFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        const name = entry.name;
        if (name.startsWith('.') || SKIPPED_DIRS.has(name) || name.startsWith('dist-')) continue;
        walk(join(dir, name));
      } else if (entry.isFile() && entry.name.endsWith('.md')) {
        found.push(join(dir, entry.name));
      }
    }
  };
  walk(root);
  return found.sort();
}

/**
 * The text with what holds no links blanked: fenced code blocks, HTML comments and inline code spans become
 * spaces (newlines kept), so that positions and line numbers stay those of the source.
 */
function withoutCode(markdown: string): string {
  const blank = (text: string): string => text.replace(/[^\n]/g, ' ');
  const lines = markdown.split('\n');
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const opener = /^ {0,3}(`{3,}|~{3,})/.exec(lines[i]);
    if (fence === null) {
      if (opener) {
        fence = opener[1];
        lines[i] = blank(lines[i]);
      }
    } else {
      // A fence closes with the same character, at least as many of it, and nothing after.
      const closes = opener && opener[1][0] === fence[0] && opener[1].length >= fence.length;
      if (closes && !/\S/.test(lines[i].slice(opener[0].length))) fence = null;
      lines[i] = blank(lines[i]);
    }
  }
  return lines
    .join('\n')
    .replace(/<!--[\s\S]*?-->/g, blank)
    .replace(/(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g, blank);
}

/** A link found in a Markdown file: its target as written and its 1-based line. */
export interface FoundLink {
  target: string;
  line: number;
}

/** The inline links, images and reference definitions of a Markdown text, in order. */
export function linksOf(markdown: string): FoundLink[] {
  const text = withoutCode(markdown);
  const lineAt = (index: number): number => text.slice(0, index).split('\n').length;
  const links: FoundLink[] = [];
  // [text](target) or [text](<target>), with an optional "title"; the text may hold one level of brackets.
  const inline = /!?\[(?:[^[\]]|\[[^\]]*\])*\]\(\s*(<[^>\n]*>|[^\s)]+)(?:\s+(?:"[^"\n]*"|'[^'\n]*'))?\s*\)/g;
  for (const m of text.matchAll(inline)) {
    links.push({ target: m[1].replace(/^<|>$/g, ''), line: lineAt(m.index + m[0].indexOf('](')) });
  }
  const definition = /^ {0,3}\[[^\]\n]+\]:\s*(<[^>\n]*>|\S+)/gm;
  for (const m of text.matchAll(definition)) {
    links.push({ target: m[1].replace(/^<|>$/g, ''), line: lineAt(m.index) });
  }
  return links.sort((a, b) => a.line - b.line);
}

/** The anchor GitHub gives a heading's text (before de-duplication). */
export function slugOf(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // links and images: their text
    .replace(/<[^>]+>/g, '') // inline HTML tags
    .toLowerCase();
  // GitHub keeps letters, marks, digits, `_`, `-` and spaces, and turns each space into a hyphen.
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
}

/** Every anchor a Markdown text offers: its headings' slugs (repeats as `-1`, `-2`) and `<a id|name>` anchors. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const text = withoutCode(markdown);
  const headings = [
    ...[...text.matchAll(/^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/gm)].map((m) => m.index),
    // Setext headings: a line of text underlined with = or -.
    ...[...text.matchAll(/^ {0,3}(\S[^\n]*)\n {0,3}(?:=+|-+)[ \t]*$/gm)]
      .filter((m) => !/^([-*_]\s*){3,}$|^[-*+>]\s|^\|/.test(m[1]))
      .map((m) => m.index),
  ].sort((a, b) => a - b);
  for (const at of headings) {
    // Inline code is blanked in `text`, but a slug keeps its characters: read the heading's line from the source.
    const line = markdown.slice(at).split('\n')[0];
    const slug = slugOf(line.replace(/^ {0,3}#{1,6}[ \t]+/, '').replace(/(?:[ \t]+#+)?[ \t]*$/, ''));
    let anchor = slug;
    while (seen.has(anchor)) {
      seen.set(slug, seen.get(slug)! + 1);
      anchor = `${slug}-${seen.get(slug)}`;
    }
    seen.set(anchor, 0);
    anchors.add(anchor);
  }
  for (const m of markdown.matchAll(/<a\s[^>]*\b(?:id|name)=["']([^"']+)["']/g)) anchors.add(m[1]);
  return anchors;
}

/** Whether a target leaves the repository: a scheme (`https:`, `mailto:`), protocol-relative or site-absolute. */
function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/');
}

/** The broken relative links of every Markdown file under `root`, sorted by file and line. */
export function checkLinks(root: string): BrokenLink[] {
  const broken: BrokenLink[] = [];
  const anchorCache = new Map<string, Set<string>>();
  const anchorsIn = (file: string): Set<string> => {
    let anchors = anchorCache.get(file);
    if (!anchors) {
      anchors = anchorsOf(readFileSync(file, 'utf8'));
      anchorCache.set(file, anchors);
    }
    return anchors;
  };
  for (const file of markdownFiles(root)) {
    const name = relative(root, file);
    for (const { target, line } of linksOf(readFileSync(file, 'utf8'))) {
      if (isExternal(target)) continue;
      const hash = target.indexOf('#');
      const pathPart = hash === -1 ? target : target.slice(0, hash);
      const anchor = hash === -1 ? '' : target.slice(hash + 1);
      let path: string;
      try {
        path = decodeURIComponent(pathPart.split('?')[0]);
      } catch {
        broken.push({ file: name, line, target, reason: 'not a valid URL path' });
        continue;
      }
      const resolved = path === '' ? file : resolve(dirname(file), path);
      if (!existsSync(resolved)) {
        broken.push({ file: name, line, target, reason: `no such file: ${relative(root, resolved)}` });
        continue;
      }
      if (anchor === '' || !resolved.endsWith('.md') || !statSync(resolved).isFile()) continue;
      let wanted: string;
      try {
        wanted = decodeURIComponent(anchor);
      } catch {
        wanted = anchor;
      }
      if (!anchorsIn(resolved).has(wanted.toLowerCase()) && !anchorsIn(resolved).has(wanted)) {
        broken.push({ file: name, line, target, reason: `no heading #${anchor} in ${relative(root, resolved)}` });
      }
    }
  }
  return broken;
}

function main(): void {
  const root = resolve(import.meta.dirname, '..');
  const files = markdownFiles(root).length;
  const broken = checkLinks(root);
  for (const link of broken) {
    process.stderr.write(`${link.file}:${link.line}: ${link.target} (${link.reason})\n`);
  }
  if (broken.length > 0) {
    process.stderr.write(`lint:links: ${broken.length} broken link(s) in ${files} Markdown files\n`);
    process.exitCode = 1;
  } else {
    process.stdout.write(`lint:links: every relative link of ${files} Markdown files resolves\n`);
  }
}

if (import.meta.main) main();
