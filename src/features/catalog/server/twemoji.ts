/** Reads Twemoji SVGs from the @twemoji/svg package, keeping them in memory after the first read. */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
let folder: string | undefined;
const cache = new Map<string, string | null>();

/** The SVG text for a code point file name like "1f345.svg" or "1f345", or null when unknown. */
export async function readTwemoji(name: string): Promise<string | null> {
  const code = name.replace(/\.svg$/, '').toLowerCase();
  if (!/^[0-9a-f]{2,6}(-[0-9a-f]{2,6}){0,6}$/.test(code)) return null;
  if (cache.has(code)) return cache.get(code)!;
  folder ??= path.dirname(require.resolve('@twemoji/svg/package.json'));
  const svg = await readFile(path.join(folder, `${code}.svg`), 'utf8').catch(() => null);
  if (cache.size < 5000) cache.set(code, svg);
  return svg;
}
